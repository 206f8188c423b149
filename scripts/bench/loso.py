"""Figures per subject and leave-one-subject-out (LOSO) scoring for `bench-accuracy --loso`.

A pooled figure can hide a subject on whom the engine does no better than guessing, and a threshold tuned on
every subject says nothing about the next one. So, per dataset and per subject: heart-rate coverage beside the
spectral peak's, confident wrong answers, breathing error beside the constant guess, and the tiers' skill. The
constant guess of a subject is the median reference of the OTHER subjects of its dataset (a constant chosen
without it). The one threshold the benchmark can choose itself, the breathing confidence score from which a rate
counts as `medium`, is chosen on the other subjects for each subject in turn (the lowest score at which every
other subject's windows at or above it halve the guess's error) and then scored on that subject: the figure a
new subject would see."""

from statistics import median

from .skill import interval_rmse
from .subjects import by_subject

SCORE_KEY = "breathing_confidence_score"
TIER_KEY = "breathingRateConfidence"
CONFIDENT_TIERS = ("medium", "high")
MEDIUM_SKILL_LIMIT = 0.5     # medium/high: at most half the guess's error, for every subject
ALL_SKILL_LIMIT = 0.6        # every breathing rate: at most 0.6 of the guess's error, for every subject
HR_WITHIN_BPM, HR_WRONG_BPM = 5.0, 10.0


def loso_guess(windows, ref_key):
    """{window id: median `ref_key` over the windows of the other subjects of its dataset} (None without any)."""
    guesses = {}
    for w in windows:
        others = [o.refs[ref_key] for o in windows
                  if o.dataset == w.dataset and o.subject != w.subject and ref_key in o.refs]
        guesses[w.id] = median(others) if others else None
    return guesses


def subject_rows(windows, nfv, peak):
    """{subject: row} for one dataset's windows; nfv / peak: {window id: Outcome}."""
    hr_guess, br_guess = loso_guess(windows, "ref_hr_bpm"), loso_guess(windows, "ref_br_brpm")
    groups = by_subject(windows)
    rows = {}
    for subject, members in groups.items():
        training = [w for w in windows if w.subject != subject]
        threshold = choose_threshold(training, nfv)
        rows[subject] = {
            "windows": len(members),
            "hr_within5_all": _coverage(members, nfv, returned_only=True),
            "hr_within5_all_peak": _coverage(members, peak, returned_only=False),
            "hr_wrong_usable": sum(1 for w in members if _hr_error(w, nfv[w.id], True) > HR_WRONG_BPM),
            "hr_mae": _mae(members, nfv, "heartRateBpm", "ref_hr_bpm"),
            "hr_mae_peak": _mae(members, peak, "heartRateBpm", "ref_hr_bpm"),
            "hr_mae_guess": _guess_mae(members, hr_guess, "ref_hr_bpm"),
            "rmssd": _mae(members, nfv, "rmssdMs", "ref_rmssd_ms"),
            "beat_rmse": interval_rmse(members, nfv),
            "br_all": _skill(members, nfv, br_guess, lambda o: True),
            "br_confident": _skill(members, nfv, br_guess, lambda o: (o.result or {}).get(TIER_KEY) in CONFIDENT_TIERS),
            "br_threshold": threshold,
            "br_loso": _skill(members, nfv, br_guess, _at_or_above(threshold)),
        }
    return rows


def choose_threshold(training, nfv):
    """The lowest breathing confidence score at which every training subject's windows scoring at least that much
    have at most MEDIUM_SKILL_LIMIT of the guess's error (guess: the training windows' median reference);
    None when no score does (no rate would be labelled confident)."""
    references = [w.refs["ref_br_brpm"] for w in training if "ref_br_brpm" in w.refs]
    if not references:
        return None
    guess = {w.id: median(references) for w in training}
    scores = sorted({s for w in training if (s := _score(nfv[w.id])) is not None})
    groups = by_subject(training).values()
    for threshold in scores:
        keep = _at_or_above(threshold)
        ratios = [_skill(members, nfv, guess, keep)["ratio"] for members in groups]
        if all(r is None or r <= MEDIUM_SKILL_LIMIT for r in ratios):
            return threshold
    return None


def _at_or_above(threshold):
    """Keeps outcomes whose breathing confidence score is at least `threshold` (none when threshold is None)."""
    return lambda o: threshold is not None and (_score(o) or -1.0) >= threshold


def _score(outcome):
    """The breathing confidence score in the result's diagnostics, or None."""
    diagnostics = (outcome.result or {}).get("diagnostics")
    value = diagnostics.get(SCORE_KEY) if isinstance(diagnostics, dict) else None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _hr_error(window, outcome, returned_only):
    """|HR − reference|, or -1 when there is no answer (or, returned_only, it was withheld) or no reference."""
    value = outcome.value("heartRateBpm")
    if value is None or "ref_hr_bpm" not in window.refs or (returned_only and not outcome.returned()):
        return -1.0
    return abs(value - window.refs["ref_hr_bpm"])


def _coverage(members, outcomes, returned_only):
    """% of the windows with an HR reference answered within HR_WITHIN_BPM."""
    scored = [w for w in members if "ref_hr_bpm" in w.refs]
    hits = sum(1 for w in scored if 0 <= _hr_error(w, outcomes[w.id], returned_only) <= HR_WITHIN_BPM)
    return 100.0 * hits / len(scored) if scored else None


def _mae(members, outcomes, result_key, ref_key):
    """{"mae", "n"} over windows with a value and a reference."""
    errors = [abs(outcomes[w.id].value(result_key) - w.refs[ref_key]) for w in members
              if ref_key in w.refs and outcomes[w.id].value(result_key) is not None]
    return {"mae": sum(errors) / len(errors) if errors else None, "n": len(errors)}


def _guess_mae(members, guess, ref_key):
    """{"mae", "n"} of the guess over windows with a reference."""
    errors = [abs(guess[w.id] - w.refs[ref_key]) for w in members if ref_key in w.refs and guess[w.id] is not None]
    return {"mae": sum(errors) / len(errors) if errors else None, "n": len(errors)}


def _skill(members, outcomes, guess, keep):
    """{"mae", "guess", "ratio", "n"}: breathing MAE over the kept windows with a rate and a reference, the guess's
    MAE on the same windows and their ratio."""
    ours, theirs = [], []
    for w in members:
        value = outcomes[w.id].value("breathingRateBrpm")
        if "ref_br_brpm" not in w.refs or value is None or guess.get(w.id) is None or not keep(outcomes[w.id]):
            continue
        ours.append(abs(value - w.refs["ref_br_brpm"]))
        theirs.append(abs(guess[w.id] - w.refs["ref_br_brpm"]))
    n = len(ours)
    mae = sum(ours) / n if n else None
    guess_mae = sum(theirs) / n if n else None
    return {"mae": mae, "guess": guess_mae, "ratio": mae / guess_mae if n and guess_mae > 0 else None, "n": n}


def print_subjects(dataset, rows, delayed=None):
    """One dataset's per-subject table, the spread of each figure over subjects and the verdicts; `delayed`: the
    subjects' breathing against the delayed reference (`reference_delay.delayed_rows`), printed when not empty."""
    print(f"\n== {dataset}: per subject (guess: median reference of the other subjects; spectral: Welch peak)")
    has_br = any(row["br_all"]["n"] for row in rows.values())
    has_rmssd = any(row["rmssd"]["n"] for row in rows.values())
    header = (f"  {'subject':<12}{'win':>4}  {'HR±5 of all':>15}  {'>10 off':>7}  {'HR MAE nfv/peak/guess':>23}"
              + (f"  {'RMSSD MAE':>14}  {'beat RMSE':>10}" if has_rmssd else "")
              + (f"  {'BR all: MAE/guess (×)':>24}  {'BR medium+high (×)':>19}  {'LOSO score≥t: n (×)':>22}"
                 if has_br else ""))
    print(header)
    print("  " + " " * 16 + f"{'nfv / peak':>15}")
    for subject, row in rows.items():
        print(_row_text(subject, row, has_br, has_rmssd))
    _print_spread(rows, has_br)
    if delayed:
        _print_delayed(delayed)


def _row_text(subject, row, has_br, has_rmssd):
    """One subject's line."""
    coverage = f"{_num(row['hr_within5_all'], 0)} / {_num(row['hr_within5_all_peak'], 0)} %"
    mae = f"{_num(row['hr_mae']['mae'], 2)}/{_num(row['hr_mae_peak']['mae'], 2)}/{_num(row['hr_mae_guess']['mae'], 1)}"
    text = f"  {subject:<12}{row['windows']:>4}  {coverage:>15}  {row['hr_wrong_usable']:>7}  {mae:>23}"
    if has_rmssd:
        rmssd = row["rmssd"]
        text += f"  {_num(rmssd['mae'], 1) + ' ms (' + str(rmssd['n']) + ')':>14}"
        text += f"  {_num(row['beat_rmse']['value'], 1) + ' ms':>10}"
    if has_br:
        every, confident, loso = row["br_all"], row["br_confident"], row["br_loso"]
        text += (f"  {_num(every['mae'], 2) + '/' + _num(every['guess'], 2) + ' (' + _num(every['ratio'], 2) + ')':>24}"
                 f"  {str(confident['n']) + ' (' + _num(confident['ratio'], 2) + ')':>19}"
                 f"  {_num(row['br_threshold'], 2) + ': ' + str(loso['n']) + ' (' + _num(loso['ratio'], 2) + ')':>22}")
    return text


def _print_spread(rows, has_br):
    """min / median / max over subjects of the judged figures, and whether every subject meets its limit."""
    def spread(values):
        values = sorted(v for v in values if v is not None)
        if not values:
            return "-"
        return f"{values[0]:.2f} / {median(values):.2f} / {values[-1]:.2f}"
    print(f"  spread over {len(rows)} subjects (min / median / max):")
    print(f"    HR ±5 of all, nfv        {spread(r['hr_within5_all'] for r in rows.values())} %"
          f"   (spectral peak {spread(r['hr_within5_all_peak'] for r in rows.values())} %)")
    print(f"    answers >10 off, usable+ {sum(r['hr_wrong_usable'] for r in rows.values())} in all")
    if not has_br:
        return
    for key, label, limit in (("br_all", "BR every rate ×guess", ALL_SKILL_LIMIT),
                              ("br_confident", "BR medium+high ×guess", MEDIUM_SKILL_LIMIT),
                              ("br_loso", "BR LOSO threshold ×guess", MEDIUM_SKILL_LIMIT)):
        ratios = [r[key]["ratio"] for r in rows.values()]
        judged = [x for x in ratios if x is not None]
        labelled = sum(r[key]["n"] for r in rows.values())
        verdict = "yes" if judged and all(x <= limit for x in judged) else ("-" if not judged else "NO")
        print(f"    {label:<25}{spread(ratios)}   ({labelled} windows)   every subject ≤ {limit:g}×: {verdict}")


def _print_delayed(delayed):
    """Each subject's breathing against its reference delayed by the delay chosen on the other subjects."""
    print("  breathing against the reference delayed by D s, D chosen on the other subjects (reference_delay):")
    for subject, row in delayed.items():
        print(f"    {subject:<12} D = {row['delay']:>2} s   every rate: MAE/guess {_num(row['mae'], 2)}/"
              f"{_num(row['guess'], 2)} ({_num(row['ratio'], 2)}×, {row['n']} windows)"
              f"   the delayed reference by the window's own: {_num(row.get('ceiling'), 2)}×")
    ratios = [row["ratio"] for row in delayed.values() if row["ratio"] is not None]
    verdict = "yes" if ratios and all(x <= ALL_SKILL_LIMIT for x in ratios) else "NO"
    print(f"    every subject ≤ {ALL_SKILL_LIMIT:g}× against the delayed reference: {verdict}")


def _num(value, digits):
    """A number with `digits` decimals, or '-'."""
    return "-" if value is None else f"{value:.{digits}f}"
