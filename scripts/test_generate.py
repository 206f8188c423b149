"""scripts/generate --check on a copy of the tree: it passes as committed, and fails when a generated file or a
generated section is edited by hand, when hand-written binding code restates an event type, an error status or a
pixel format value, when a value of HeartRateSource (`diagnostics.hr_source`) is dropped from the contract, the
library's schema or the docs' table, or when the docs name one the contract lacks."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = ["scripts/generate", "scripts/lib", "docs", "include/neurofit_vitals.h", "bindings"]
SKIPPED = shutil.ignore_patterns("build", "node_modules", "__pycache__", "target", "*.node", "venv")


class GenerateCheckTests(unittest.TestCase):
    def setUp(self):
        self.tree = tempfile.mkdtemp()
        for path in COPIED:
            source, target = os.path.join(ROOT, path), os.path.join(self.tree, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isdir(source):
                shutil.copytree(source, target, ignore=SKIPPED)
            else:
                shutil.copy2(source, target)

    def tearDown(self):
        shutil.rmtree(self.tree)

    def check(self, *arguments):
        """(exit status, stderr) of scripts/generate --check in the copy (no nfv there: the contract is compared with
        a library only when `arguments` name one with --nfv)."""
        done = subprocess.run([os.path.join(self.tree, "scripts/generate"), "--check", *arguments],
                              capture_output=True, text=True)
        return done.returncode, done.stderr

    def without_fold(self, contract):
        """`contract` with `fold` dropped from its HeartRateSource enumeration (value and summary)."""
        enum = next(e for e in contract["enums"] if e["name"] == "HeartRateSource")
        index = enum["values"].index("fold")
        del enum["values"][index], enum["valueSummaries"][index]
        return contract

    def edit(self, path, old, new):
        full = os.path.join(self.tree, path)
        text = open(full).read()
        self.assertIn(old, text, path)
        open(full, "w").write(text.replace(old, new, 1))

    def test_the_committed_tree_passes(self):
        status, errors = self.check()
        self.assertEqual(status, 0, errors)

    def test_a_generated_file_edited_by_hand_fails(self):
        self.edit("bindings/python/neurofit_vitals/_wire.py", "status = 6", "status = 66")
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertIn("bindings/python/neurofit_vitals/_wire.py is not what scripts/generate writes", errors)

    def test_a_generated_section_edited_by_hand_fails(self):
        self.edit("bindings/node/lib/pixel-format.js", "NV12: 6", "NV12: 16")
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertIn("bindings/node/lib/pixel-format.js is not what scripts/generate writes", errors)

    def test_hand_written_code_restating_the_contract_fails(self):
        self.edit("bindings/node/lib/session.js", "'use strict';\n",
                  "'use strict';\nconst beat = 'heartbeat';\nconst nv12 = { NV12: 6 };\n")
        self.edit("bindings/java/src/main/java/com/neurofit/vitals/NativeApi.java", "final class NativeApi {",
                  'final class NativeApi {\n    static final int MISUSE = 9; // "misuse"')
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertIn("bindings/node/lib/session.js:2 restates the event type 'heartbeat'", errors)
        self.assertIn("bindings/node/lib/session.js:3 restates the value 6 of pixel format nv12", errors)
        self.assertIn("NativeApi.java", errors)
        self.assertIn("restates the status 9 of misuse", errors)

    def test_a_heart_rate_source_dropped_from_the_contract_fails(self):
        path = os.path.join(self.tree, "docs/contract.json")
        with open(path) as file:
            contract = self.without_fold(json.load(file))
        with open(path, "w") as file:
            file.write(json.dumps(contract, indent=2) + "\n")
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertIn("docs/mapping.md is not what scripts/generate writes", errors)
        self.assertRegex(errors, r"docs/troubleshooting.md:\d+ names `fold` as a `hr_source`, which is not a "
                                 r"HeartRateSource")

    def test_a_heart_rate_source_dropped_from_the_library_fails(self):
        with open(os.path.join(self.tree, "docs/contract.json")) as file:
            contract = self.without_fold(json.load(file))
        with open(os.path.join(self.tree, "schema.json"), "w") as file:
            file.write(json.dumps(contract))
        nfv = os.path.join(self.tree, "nfv")   # a library whose `nfv schema` prints that contract
        with open(nfv, "w") as file:
            file.write(f"#!/bin/sh\ncat '{self.tree}/schema.json'\n")
        os.chmod(nfv, 0o755)
        status, errors = self.check("--nfv", nfv)
        self.assertEqual(status, 1)
        self.assertIn("docs/contract.json differs from", errors)

    def test_a_heart_rate_source_dropped_from_the_docs_table_fails(self):
        with open(os.path.join(self.tree, "docs/mapping.md")) as file:
            row = next(line for line in file if line.startswith("| `fold` |"))
        self.edit("docs/mapping.md", row, "")
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertIn("docs/mapping.md is not what scripts/generate writes", errors)

    def test_docs_naming_a_heart_rate_source_the_contract_lacks_fail(self):
        self.edit("docs/behaviour.md", "`hr_source` `beats`", "`hr_source` `beat`")
        status, errors = self.check()
        self.assertEqual(status, 1)
        self.assertRegex(errors, r"docs/behaviour.md:\d+ names `beat` as a `hr_source`, which is not a HeartRateSource")


if __name__ == "__main__":
    unittest.main()
