"""docs/python.md's code, run block after block in one namespace as a notebook runs it (ctest -L python)."""

import contextlib
import io
import os
import re
import tempfile
import unittest

SOURCE = os.environ["ROOFSCOPE_SOURCE_DIR"]


class PythonWalkThrough(unittest.TestCase):
    def test_every_block_runs(self):
        with open(os.path.join(SOURCE, "docs", "python.md"), encoding="utf-8") as page:
            blocks = re.findall(r"```python\n(.*?)```", page.read(), re.S)
        self.assertGreaterEqual(len(blocks), 6)
        namespace = {}
        with tempfile.TemporaryDirectory() as folder:
            # The page's paths are the repository's; what it writes goes to the temporary folder.
            os.makedirs(os.path.join(folder, "tests"))
            os.symlink(os.path.join(SOURCE, "resources"), os.path.join(folder, "resources"))
            os.symlink(os.path.join(SOURCE, "tests", "data"), os.path.join(folder, "tests", "data"))
            previous = os.getcwd()
            os.chdir(folder)
            try:
                printed = io.StringIO()
                for number, block in enumerate(blocks, 1):
                    with self.subTest(block=number), contextlib.redirect_stdout(printed):
                        exec(compile(block, f"docs/python.md block {number}", "exec"), namespace)
                self.assertTrue(os.path.getsize("llama-70b-batch.png") > 5000)
                self.assertTrue(os.path.getsize("serving.svg") > 5000)
            finally:
                os.chdir(previous)
        text = printed.getvalue()
        self.assertIn("deepseek-v3 at 3200 in / 800 out", text)
        self.assertIn("refused: --model: unknown model 'llama-9'", text)
        self.assertIn("compute bf16", text)


if __name__ == "__main__":
    unittest.main()
