"""scripts/generate --check on a copy of the tree: it passes as committed, and fails when a generated file or a
generated section is edited by hand or when hand-written binding code restates an event type, an error status or a
pixel format value."""
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = ["scripts/generate", "scripts/lib", "docs/contract.json", "docs/events.md", "docs/configuration.md",
          "include/neurofit_vitals.h", "bindings"]
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

    def check(self):
        """(exit status, stderr) of scripts/generate --check in the copy (no nfv there: the contract is not compared
        with a library)."""
        done = subprocess.run([os.path.join(self.tree, "scripts/generate"), "--check"], capture_output=True, text=True)
        return done.returncode, done.stderr

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


if __name__ == "__main__":
    unittest.main()
