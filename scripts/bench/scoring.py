"""Accuracy figures of one tool on one dataset: return rate, MAE against the references, failures."""

from statistics import median

# (figure key, result key, manifest reference key) for the plain MAE figures.
MAE_FIGURES = (
    ("rmssd_mae", "rmssdMs", "ref_rmssd_ms"),
    ("sdnn_mae", "sdnnMs", "ref_sdnn_ms"),
    ("sd2sd1_mae", "sd2sd1", "ref_sd2_sd1"),
    ("si_mae", "baevskyStressIndex", "ref_baevsky_si"),
)
# (figure key, breathingRateConfidence values pooled; None = every window with a breathing rate).
BREATHING_FIGURES = (
    ("br_mae_high", ("high",)),
    ("br_mae_medium", ("medium",)),
    ("br_mae_low", ("low",)),
    ("br_mae_medium_high", ("medium", "high")),
    ("br_mae_all", None),
)


def stat(value, n):
    """A figure: its value (None when nothing contributed) and how many windows contributed."""
    return {"value": value, "n": n}


def dataset_figures(windows, outcomes):
    """Every figure for `windows` (one dataset) given `outcomes` ({window id: Outcome}) of one tool."""
    pairs = [(w, outcomes[w.id]) for w in windows]
    figures = {"windows": len(pairs)}
    figures.update(_return_figures(pairs))
    figures.update(_heart_rate_figures(pairs))
    for key, result_key, ref_key in MAE_FIGURES:
        figures[key] = mae(pairs, result_key, ref_key)
    for key, tiers in BREATHING_FIGURES:
        figures[key] = mae(pairs, "breathingRateBrpm", "ref_br_brpm", _tier_filter(tiers))
    figures["failures"] = sorted((w.id, o.failure) for w, o in pairs if o.failure)
    figures["errors"] = _error_counts(pairs)
    seconds = [o.seconds for _, o in pairs if o.result is not None or o.error_code]
    figures["median_seconds"] = median(seconds) if seconds else None
    return figures


def mae(pairs, result_key, ref_key, keep=lambda outcome: True):
    """Mean absolute error over windows with both a reference and a result value (and `keep`)."""
    errors = [abs(o.value(result_key) - w.refs[ref_key]) for w, o in pairs
              if ref_key in w.refs and o.value(result_key) is not None and keep(o)]
    return stat(sum(errors) / len(errors) if errors else None, len(errors))


def percent(count, total):
    """count/total in %, None when total is 0."""
    return stat(100.0 * count / total if total else None, total)


def _return_figures(pairs):
    """% returned (quality not withheld) and % with any heart rate, over all windows."""
    returned = sum(1 for _, o in pairs if o.returned())
    with_hr = sum(1 for _, o in pairs if o.value("heartRateBpm") is not None)
    return {"returned_pct": percent(returned, len(pairs)), "any_hr_pct": percent(with_hr, len(pairs))}


def _heart_rate_figures(pairs):
    """HR MAE over returned windows and over every window with a heart rate; % of the latter within ±5."""
    with_ref = [(w, o) for w, o in pairs if "ref_hr_bpm" in w.refs and o.value("heartRateBpm") is not None]
    errors = [abs(o.value("heartRateBpm") - w.refs["ref_hr_bpm"]) for w, o in with_ref]
    within = sum(1 for e in errors if e <= 5.0)
    return {
        "hr_mae_returned": mae(pairs, "heartRateBpm", "ref_hr_bpm", lambda o: o.returned()),
        "hr_mae_any": stat(sum(errors) / len(errors) if errors else None, len(errors)),
        "hr_within5_pct": percent(within, len(errors)),
    }


def _tier_filter(tiers):
    """Keeps outcomes whose breathingRateConfidence is in `tiers` (all when tiers is None)."""
    if tiers is None:
        return lambda outcome: True
    return lambda outcome: (outcome.result or {}).get("breathingRateConfidence") in tiers


def _error_counts(pairs):
    """{error code: count}, codes sorted."""
    counts = {}
    for _, outcome in pairs:
        if outcome.error_code:
            counts[outcome.error_code] = counts.get(outcome.error_code, 0) + 1
    return {code: counts[code] for code in sorted(counts)}
