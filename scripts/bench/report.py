"""Prints the accuracy figures as one table per dataset, one column per tool, targets beside them.

A skill row (×) is a tool's MAE over the constant guess's MAE on the same windows (below 1: better than
guessing the dataset median); the per-tier rows take the windows the tool itself labelled with that tier."""

from . import baseline

# Accuracy targets (the metrics of docs/behaviour.md against published smartphone-PPG agreement figures):
# (comparison, threshold, unit, dataset prefix or None).
TARGETS = {
    "returned_pct": (">=", 90.0, "%", None),
    "hr_mae_returned": ("<=", 1.5, "bpm", None),
    "hr_mae_any": ("<=", 1.5, "bpm", None),
    "hr_within5_pct": (">=", 95.0, "%", None),
    "rmssd_mae": ("<=", 8.0, "ms", "welltory"),
    "br_mae_medium_high": ("<=", 1.0, "brpm", "uw"),
    "hr_within5_all_pct": (">=", 90.0, "%", None),
    "rmssd_within6_pct": (">=", 100.0 * 9 / 11, "%", "welltory"),
    "rmssd_on_clean_hr_pct": (">=", 90.0, "%", "welltory"),
    "br_skill_all": ("<=", 0.7, "×", "uw"),
    "br_skill_medium_high": ("<=", 0.5, "×", "uw"),
}
# (figure key, label, unit); a row is left out when no tool has a contributing window.
ROWS = (
    ("returned_pct", "returned (quality not withheld)", "%"),
    ("any_hr_pct", "any heart rate", "%"),
    ("hr_mae_returned", "HR MAE, returned windows", "bpm"),
    ("hr_mae_any", "HR MAE, every window with HR", "bpm"),
    ("hr_within5_pct", "HR within ±5 bpm", "%"),
    ("hr_within5_all_pct", "HR within ±5 bpm of ALL windows", "%"),
    ("hr_skill_clean", "HR skill (MAE/guess's), clean", "×"),
    ("hr_skill_usable", "HR skill, quality usable", "×"),
    ("hr_skill_withheld", "HR skill, quality withheld", "×"),
    ("hr_skill_all", "HR skill, every window with HR", "×"),
    ("rmssd_mae", "RMSSD MAE", "ms"),
    ("rmssd_within6_pct", "RMSSD within ±6 ms of ALL", "%"),
    ("rmssd_skill_all", "RMSSD skill, every RMSSD", "×"),
    ("rmssd_on_clean_hr_pct", "RMSSD on clean-HR windows", "%"),
    ("rmssd_on_beat_hr_pct", "RMSSD on clean beat-HR windows", "%"),
    ("interval_rmse", "beat interval RMSE vs ref RR", "ms"),
    ("interval_rmse_rmssd", "…, accepted, RMSSD windows", "ms"),
    ("sdnn_mae", "SDNN MAE", "ms"),
    ("sd2sd1_mae", "SD2:SD1 MAE", ""),
    ("si_mae", "Baevsky SI MAE", "%/s²"),
    ("br_mae_high", "BR MAE, confidence high", "brpm"),
    ("br_mae_medium", "BR MAE, confidence medium", "brpm"),
    ("br_mae_low", "BR MAE, confidence low", "brpm"),
    ("br_mae_medium_high", "BR MAE, medium + high", "brpm"),
    ("br_mae_all", "BR MAE, every breathing rate", "brpm"),
    ("br_skill_high", "BR skill (MAE/guess's), high", "×"),
    ("br_skill_medium", "BR skill, confidence medium", "×"),
    ("br_skill_low", "BR skill, confidence low", "×"),
    ("br_skill_medium_high", "BR skill, medium + high", "×"),
    ("br_skill_all", "BR skill, every breathing rate", "×"),
)
LABEL_WIDTH, CELL_WIDTH = 31, 19
FAILED_IDS_SHOWN = 4


def print_report(figures, tools):
    """figures: {dataset: {tool: dataset_figures(...)}}; tools: column order (first = the one judged)."""
    for dataset, per_tool in figures.items():
        windows = per_tool[tools[0]]["windows"]
        print(f"\n== {dataset}: {windows} windows")
        print(_line("", [t for t in tools], "target", f"{tools[0]} meets"))
        for key, label, unit in ROWS:
            cells = [per_tool[t][key] for t in tools]
            if all(c["n"] == 0 for c in cells):
                continue
            target = target_for(key, dataset)
            print(_line(label, [_cell(c, unit) for c in cells], _target_text(target), _verdict(target, cells[0])))
        _print_problems(per_tool, tools)
        for window_id, why in per_tool[tools[0]].get("rmssd_withheld_clean_hr", []):
            print(f"  {tools[0]}: RMSSD withheld on a clean-HR window: {window_id}: {why}")


def target_for(key, dataset):
    """The (comparison, threshold, unit) target of a figure on a dataset, or None."""
    target = TARGETS.get(key)
    if target is None or (target[3] is not None and not dataset.startswith(target[3])):
        return None
    return target[:3]


def meets(target, figure):
    """True/False when the figure has a value and a target, else None."""
    if target is None or figure["value"] is None:
        return None
    comparison, threshold, _ = target
    return figure["value"] >= threshold if comparison == ">=" else figure["value"] <= threshold


def _cell(figure, unit):
    """'12.3 ms (n=9)', or '- (n=0)'."""
    if figure["value"] is None:
        return f"- (n={figure['n']})"
    digits = 1 if unit == "%" else (3 if unit in ("", "×") else 2)
    return f"{figure['value']:.{digits}f} {unit} (n={figure['n']})".replace("  ", " ")


def _target_text(target):
    """'<= 1.5 bpm' or ''."""
    if target is None:
        return ""
    comparison, threshold, unit = target
    return f"{'≥' if comparison == '>=' else '≤'} {threshold:.3g} {unit}"


def _verdict(target, figure):
    """'yes', 'NO' or ''."""
    verdict = meets(target, figure)
    return "" if verdict is None else ("yes" if verdict else "NO")


def _line(label, cells, target, verdict):
    """One aligned table line."""
    return (f"  {label:<{LABEL_WIDTH}}" + "".join(f"{c:>{CELL_WIDTH}}" for c in cells)
            + f"   {target:<12}{verdict}").rstrip()


def _print_problems(per_tool, tools):
    """Error codes, failures (crash, timeout, bad output) grouped by message, and median run time, per tool."""
    for tool in (t for t in tools if t != baseline.NAME):
        figures = per_tool[tool]
        errors = ", ".join(f"{code} ×{count}" for code, count in figures["errors"].items()) or "none"
        seconds = figures["median_seconds"]
        timing = f"{seconds * 1000:.0f} ms" if seconds is not None else "-"
        print(f"  {tool}: errors: {errors}; failures: {len(figures['failures'])}; median time/window {timing}")
        for failure, window_ids in _group_failures(figures["failures"]):
            shown = ", ".join(window_ids[:FAILED_IDS_SHOWN])
            more = f" and {len(window_ids) - FAILED_IDS_SHOWN} more" if len(window_ids) > FAILED_IDS_SHOWN else ""
            print(f"    {failure} ×{len(window_ids)}: {shown}{more}")


def _group_failures(failures):
    """[(failure message, [window ids])] from [(window id, message)], in order of first appearance."""
    groups = {}
    for window_id, failure in failures:
        groups.setdefault(failure, []).append(window_id)
    return list(groups.items())
