"""Who a window or recording was taken from, for figures per subject and leave-one-subject-out scoring.

A manifest line may name its `subject`; otherwise the subject is its `recording` with a trailing hand
(`_Left`, `_Right`) removed (two hands of one person are one subject), and without a recording, its id."""

import re

HAND_SUFFIX = re.compile(r"_(left|right)$", re.IGNORECASE)


def subject_of(entry, fallback):
    """The subject of one manifest entry (`fallback` when it names neither subject nor recording)."""
    subject = entry.get("subject")
    if isinstance(subject, (str, int)) and not isinstance(subject, bool):
        return str(subject)
    recording = entry.get("recording")
    if isinstance(recording, str) and recording:
        return HAND_SUFFIX.sub("", recording)
    return str(fallback)


def by_subject(items):
    """{subject: [items]} (items with a `subject` attribute), subjects sorted."""
    groups = {}
    for item in items:
        groups.setdefault(item.subject, []).append(item)
    return {name: groups[name] for name in sorted(groups)}
