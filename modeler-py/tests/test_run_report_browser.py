"""`report`'s page in a real headless browser (Chromium, from the OS packages: bin/test installs
it): it renders to a screenshot that is not blank, logs nothing to the console (Chromium writes
every console message, errors and uncaught exceptions included, as a CONSOLE line) and loads
nothing from outside itself."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mimesis_model.cli import OK, main
from mimesis_model.runs.run_report import REPORT_FILE
from test_profile_vectors import SAMPLE_TRACE

DATA = Path(__file__).parent / "data"
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail("no headless Chromium here: bin/test installs it (apt-get install chromium)")


@pytest.mark.slow
def test_the_report_renders_in_a_browser_without_console_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = Path(shutil.copytree(DATA / "sample-run", tmp_path / "run"))
    # Scored first, so the page has every section: the fidelity per dimension and of the whole.
    fidelity = [str(DATA / "sample-profile"), str(results), "--against", str(SAMPLE_TRACE)]
    assert main(["fidelity", *fidelity, "--noise-draws", "2"]) == OK
    assert main(["report", str(results)]) == OK
    capsys.readouterr()
    page = results / REPORT_FILE
    html = page.read_text()
    assert "<h2>Fidelity of the whole workload</h2>" in html
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "it loads nothing from outside"
    shot = tmp_path / "page.png"
    run = subprocess.run(
        [browser(), "--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
         "--v=0", "--window-size=1280,2000", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-2000:]
    console = [line for line in log.splitlines() if ":CONSOLE" in line]
    assert console == [], "\n".join(console)
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG")
    assert len(png) > 20_000, f"a blank page? {len(png)} bytes"
