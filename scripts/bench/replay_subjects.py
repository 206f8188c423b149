"""Live readings per subject for `bench-replay --loso`, and the distribution of start times.

Per subject: readings completed, median time to the first start, and the HR and breathing error of the completed
readings over the span they measured, beside the Welch peak and the constant guess. Each subject's guess is the
median whole-file reference of the OTHER subjects of its dataset (a constant chosen without it), so a subject's
skill ratio is the one a new person would see."""

from statistics import median

from .replay_scoring import mae, result_values, span_references, whole_references
from .subjects import by_subject

START_LIMIT_S = 10.0     # the start gate should open within this many seconds of a steady finger
WORST_SHOWN = 5


def loso_guesses(recordings):
    """{recording id: {"hr"|"rmssd"|"br": median whole-file reference of the other subjects' recordings}}."""
    references = {r.id: whole_references(r) for r in recordings}
    guesses = {}
    for r in recordings:
        others = [references[o.id] for o in recordings if o.dataset == r.dataset and o.subject != r.subject]
        guesses[r.id] = {key: median(values) for key in ("hr", "rmssd", "br")
                         if (values := [ref[key] for ref in others if key in ref])}
    return guesses


def subject_rows(recordings, replays, welch):
    """{subject: row} for one dataset's recordings; welch: {id: bpm or None over the measured span}."""
    guesses = loso_guesses(recordings)
    rows = {}
    for subject, members in by_subject(recordings).items():
        completed = [r for r in members if replays[r.id].span is not None and replays[r.id].result is not None]
        starts = [replays[r.id].starts[0] for r in members if replays[r.id].starts]
        refs = {r.id: span_references(r, replays[r.id].span) for r in completed}
        live = {r.id: result_values(replays[r.id].result) for r in completed}
        rows[subject] = {
            "recordings": len(members),
            "completed": len(completed),
            "first_start_s": median(starts) if starts else None,
            "hr_live": mae(completed, refs, live, "hr"),
            "hr_welch": mae(completed, refs, {r.id: {"hr": welch.get(r.id)} for r in completed}, "hr"),
            "hr_guess": mae(completed, refs, guesses, "hr"),
            "br_live": mae(completed, refs, live, "br"),
            "br_guess": mae(completed, refs, guesses, "br"),
        }
    return rows


def start_distribution(recordings, replays):
    """{"n", "within_pct", "quantiles": {q: s}, "never": [ids], "worst": [(id, s)]}: the first start of every
    recording (recordings that never started are counted apart and as late)."""
    firsts = {r.id: replays[r.id].starts[0] for r in recordings if replays[r.id].starts}
    never = [r.id for r in recordings if r.id not in firsts]
    times = sorted(firsts.values())
    within = sum(1 for t in times if t <= START_LIMIT_S)
    quantiles = {q: times[min(len(times) - 1, int(q * len(times)))] for q in (0.5, 0.9, 0.95)} if times else {}
    worst = sorted(firsts.items(), key=lambda pair: -pair[1])[:WORST_SHOWN]
    return {"n": len(recordings), "within_pct": 100.0 * within / len(recordings) if recordings else None,
            "quantiles": quantiles, "never": never, "worst": worst}


def print_starts(distribution):
    """The start-time lines of one dataset."""
    quantiles = ", ".join(f"{int(q * 100)} % by {t:.1f} s" for q, t in distribution["quantiles"].items()) or "-"
    within = distribution["within_pct"]
    print(f"  first start within {START_LIMIT_S:g} s    "
          f"{'-' if within is None else f'{within:.1f} %'} of {distribution['n']} "
          f"(target ≥ 95 %: {'yes' if within is not None and within >= 95 else 'NO'}); {quantiles}")
    worst = ", ".join(f"{rid} {t:.1f} s" for rid, t in distribution["worst"] if t > START_LIMIT_S)
    if worst:
        print(f"    later than {START_LIMIT_S:g} s: {worst}")
    if distribution["never"]:
        print(f"    never started: {', '.join(distribution['never'])}")


def print_subjects(dataset, rows):
    """One dataset's per-subject table and the spread of its skill ratios."""
    print(f"\n== {dataset}: per subject (guess: median reference of the other subjects)")
    print(f"  {'subject':<12}{'completed':>11}  {'1st start':>9}  {'HR MAE live / Welch / guess':>29}"
          f"  {'BR MAE live / guess (×)':>25}")
    ratios = []
    for subject, row in rows.items():
        hr = f"{_num(row['hr_live'])} / {_num(row['hr_welch'])} / {_num(row['hr_guess'])}"
        ratio = (row["br_live"]["value"] / row["br_guess"]["value"]
                 if row["br_live"]["value"] is not None and row["br_guess"]["value"] else None)
        ratios.append(ratio)
        br = f"{_num(row['br_live'])} / {_num(row['br_guess'])} ({'-' if ratio is None else f'{ratio:.2f}'})"
        start = "-" if row["first_start_s"] is None else f"{row['first_start_s']:.1f} s"
        print(f"  {subject:<12}{str(row['completed']) + ' of ' + str(row['recordings']):>11}  {start:>9}"
              f"  {hr:>29}  {br if row['br_live']['n'] else '-':>25}")
    judged = sorted(r for r in ratios if r is not None)
    if judged:
        print(f"  breathing ×guess over subjects: min {judged[0]:.2f}, median {median(judged):.2f}, "
              f"max {judged[-1]:.2f}")


def _num(figure):
    """'1.23' or '-'."""
    return "-" if figure["value"] is None else f"{figure['value']:.2f}"
