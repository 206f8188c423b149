"""An exception raised by an event callback is printed, kept, and re-raised on the owner's thread by wait() or
close(); the dispatch thread keeps delivering."""

from typing import List

import pytest

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR


class CallbackFailure(Exception):
    pass


def test_wait_re_raises_the_first_callback_exception_and_dispatch_continues(capsys: pytest.CaptureFixture) -> None:
    seen: List[str] = []
    raised: List[CallbackFailure] = []

    def failing(event: nfv.AnyEvent) -> None:
        seen.append(event.type)
        if len(seen) <= 2:
            raised.append(CallbackFailure(f"failure {len(seen)}"))
            raise raised[-1]

    with nfv.Session(callback=failing) as session:
        session.use_simulator(FAST_SIMULATOR)
        session.start()
        with pytest.raises(CallbackFailure) as caught:
            session.wait(30)
        assert caught.value is raised[0]
        assert session.wait(30) is True
    assert seen[-1] in ("completed", "state") and len(seen) > 60
    assert "failure 1" in capsys.readouterr().err


def test_close_re_raises_a_callback_exception_nobody_waited_for() -> None:
    def failing(event: nfv.AnyEvent) -> None:
        raise CallbackFailure("from the callback")

    session = nfv.Session(callback=failing)
    session.use_simulator(FAST_SIMULATOR)
    session.start()
    assert session._core.ended.wait(30)
    with pytest.raises(CallbackFailure, match="from the callback"):
        session.close()
    session.close()


def test_with_block_does_not_hide_its_own_exception_behind_a_callback_exception() -> None:
    def failing(event: nfv.AnyEvent) -> None:
        raise CallbackFailure("hidden")

    with pytest.raises(KeyError):
        with nfv.Session(callback=failing) as session:
            session.use_simulator(FAST_SIMULATOR)
            session.start()
            session._core.ended.wait(30)
            raise KeyError("the body's own")
