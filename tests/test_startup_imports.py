"""`lint` of a folder with no card starts without the reader: a rule that imports the reader at module
level costs every short run (pre-commit on a few files, the editor's first check) a quarter of a billion
instructions (BJ305's heading check did, stop 43)."""
from __future__ import annotations

import subprocess
import sys


def test_lint_of_no_card_loads_no_segmentation(tmp_path):
    code = ("import sys\nfrom berserk_judge.cli.main import main\n"
            f"sys.argv = ['berserk-judge', 'lint', {str(tmp_path)!r}, '--exit-zero', '--isolated', '--no-cache']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('berserk_judge.parser.reader.')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(eval(done.stdout.strip().splitlines()[-1]))   # noqa: S307 - our own printout
    # morph, names and moments are small and loaded by the rules' own imports; the reader's segmentation is not
    assert not loaded & {f"berserk_judge.parser.reader.{m}" for m in ("classify", "patterns", "split", "words",
                                                                        "segment", "features")}
