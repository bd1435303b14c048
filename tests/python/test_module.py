"""The Python module against the program: every example session, a sweep, imports and bad input give
what the executable gives, number for number and message for message (ctest -L python)."""

import glob
import json
import os
import subprocess
import tempfile
import unittest

import roofscope

EXECUTABLE = os.environ["ROOFSCOPE_EXECUTABLE"]
SOURCE = os.environ["ROOFSCOPE_SOURCE_DIR"]
EXAMPLES = sorted(glob.glob(os.path.join(SOURCE, "resources", "examples", "*.yaml")))
BENCH = os.path.join(SOURCE, "tests", "data", "serving-bench")


def cli(*args):
    """The executable's output, parsed as the module parses it (json.loads reads doubles back exactly)."""
    done = subprocess.run([EXECUTABLE, *args], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def cli_json(*args):
    status, out, err = cli(*args)
    if status != 0:
        raise AssertionError(f"roofscope {' '.join(args)} failed: {err}")
    return json.loads(out)


class ModuleAgainstTheProgram(unittest.TestCase):
    def test_imports_and_versions_agree(self):
        self.assertEqual(roofscope.version(), cli("--version")[1].split()[-1])
        self.assertEqual(roofscope._roofscope.catalogue_problems, "")

    def test_every_example_session_compares_and_tables_alike(self):
        self.assertGreaterEqual(len(EXAMPLES), 10)
        for path in EXAMPLES:
            with self.subTest(session=os.path.basename(path)):
                self.assertEqual(roofscope.compare(path), cli_json("compare", "--session", path, "--format", "json"))
                rows = roofscope.table(path)
                self.assertEqual(rows, cli_json("table", "--session", path, "--format", "json"))
                self.assertIsInstance(rows, list)
                self.assertIsInstance(rows[0], dict)

    def test_a_session_loads_checked(self):
        session = roofscope.load_session(os.path.join(SOURCE, "resources", "examples", "serving-measured.yaml"))
        self.assertEqual(len(session.devices), 2)
        self.assertTrue(session.answer[0]["headline"].startswith("deepseek-v3 at 3200 in / 800 out"))
        self.assertEqual(session.table(), roofscope.table(session.path))
        with tempfile.TemporaryDirectory() as folder:
            broken = os.path.join(folder, "broken.yaml")
            with open(broken, "w", encoding="utf-8") as f:
                f.write("schema: roofscope-session/1\ndevices: [nvidia-h100-sxm]\nkernels:\n  - {name: k, flops: -1}\n")
            status, _, err = cli("compare", "--session", broken, "--format", "json")
            self.assertEqual(status, 2)
            with self.assertRaises(roofscope.Error) as raised:
                roofscope.load_session(broken)
            self.assertEqual(str(raised.exception), err.strip().removeprefix("roofscope: error: "))
            self.assertIn("broken.yaml:4:", str(raised.exception))

    def test_a_sweep_is_the_same_field_by_field(self):
        ours = roofscope.sweep(["nvidia-h200-sxm", "amd-instinct-mi300x"], model="llama-3.1-70b", chips=8,
                               params={"seq": 4096, "phase": "decode"}, vary="batch=1:512:40")
        theirs = cli_json("sweep", "--hardware", "nvidia-h200-sxm,amd-instinct-mi300x", "--kernel", "transformer",
                          "--model", "llama-3.1-70b", "--chips", "8", "--param", "seq=4096,phase=decode",
                          "--vary", "batch=1:512:40", "--json")
        self.assertEqual(ours, theirs)
        points = ours["devices"][0]["points"]
        self.assertGreater(len(points), 10)
        for mine, cli_point in zip(points, theirs["devices"][0]["points"]):
            for key, value in cli_point.items():
                self.assertEqual(mine[key], value, key)  # the same double, not a near one
                self.assertIs(type(mine[key]), type(value), key)

    def test_transformer_and_evaluate(self):
        step = roofscope.transformer("nvidia-h200-sxm", model="deepseek-v3", chips=8,
                                     params={"batch": 64, "seq": 2048})
        self.assertEqual(step, cli_json("workload", "transformer", "--hardware", "nvidia-h200-sxm", "--model",
                                        "deepseek-v3", "--chips", "8", "--param", "batch=64,seq=2048", "--json"))
        device = step["devices"][0]
        self.assertEqual(device["precision"]["weights"], "fp8")
        self.assertTrue(device["memory"]["fits"])
        one = roofscope.evaluate("nvidia-h100-sxm", kernel="matmul", params={"m": 4096, "k": 4096, "n": 4096})
        self.assertEqual(one, cli_json("eval", "--hardware", "nvidia-h100-sxm", "--kernel", "matmul", "--param",
                                       "m=4096,k=4096,n=4096", "--json"))
        raw = roofscope.evaluate("nvidia-h100-sxm", flops=1e12, bytes={"hbm": 1e9})
        self.assertEqual(raw, cli_json("eval", "--hardware", "nvidia-h100-sxm", "--flops", "1e12", "--bytes",
                                       "hbm=1e9", "--json"))

    def test_catalogues_and_imports(self):
        self.assertEqual(roofscope.hardware(), cli_json("hardware", "list", "--json"))
        self.assertEqual(roofscope.hardware("google-tpu-v5p"), cli_json("hardware", "show", "google-tpu-v5p", "--json"))
        self.assertEqual(roofscope.models(), cli_json("models", "list", "--json"))
        self.assertEqual(roofscope.models("gpt-oss-120b")["parameters"], 116.8e9)
        vllm = os.path.join(BENCH, "vllm-serve", "results_qwen35_fp8_cc_tp4_isl1024_osl1024_conc4.json")
        runs = roofscope.import_serving("vllm-serve", vllm, hardware="nvidia-b300-hgx", chips=4)
        self.assertEqual(runs, cli_json("import", "vllm-serve", vllm, "--hardware", "nvidia-b300-hgx", "--chips", "4",
                                        "--json")["runs"])
        self.assertEqual(runs[0]["concurrency"], 4.0)
        ncu = os.path.join(SOURCE, "tests", "data", "import", "ncu", "output.csv")
        rows = roofscope.import_profile("ncu", ncu, hardware="nvidia-h100-sxm")
        with tempfile.TemporaryDirectory() as folder:
            session = os.path.join(folder, "ncu.yaml")
            cli_json("import", "ncu", ncu, "-o", session, "--inline", "--hardware", "nvidia-h100-sxm", "--json")
            self.assertEqual(rows, cli_json("table", "--session", session, "--format", "json"))
        self.assertTrue(rows and all(row["measured_s"] > 0 for row in rows))

    def test_export_writes_the_file(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "chart.svg")
            self.assertEqual(roofscope.export(EXAMPLES[0], out), out)
            with open(out, encoding="utf-8") as svg:
                self.assertIn("<svg", svg.read(4096))
            # A second export in the same process (a fresh headless application each time).
            png = os.path.join(folder, "serving.png")
            roofscope.export(os.path.join(SOURCE, "resources", "examples", "serving-70b.yaml"), png, view="serving")
            self.assertGreater(os.path.getsize(png), 10000)

    def test_bad_input_raises_with_the_programs_message(self):
        cases = [
            (lambda: roofscope.transformer("nvidia-h100-sxm", model="llama-9", params={"batch": 1, "seq": 1}),
             ["workload", "transformer", "--hardware", "nvidia-h100-sxm", "--model", "llama-9", "--param",
              "batch=1,seq=1"]),
            (lambda: roofscope.evaluate("no-such-gpu", flops=1, bytes=1),
             ["eval", "--hardware", "no-such-gpu", "--flops", "1", "--bytes", "1"]),
            (lambda: roofscope.compare("/nonexistent/session.yaml"),
             ["compare", "--session", "/nonexistent/session.yaml", "--format", "json"]),
            (lambda: roofscope.sweep("nvidia-h100-sxm", model="llama-3.1-8b", params={"seq": 1}, vary="batch=8:2"),
             ["sweep", "--hardware", "nvidia-h100-sxm", "--kernel", "transformer", "--model", "llama-3.1-8b",
              "--param", "seq=1", "--vary", "batch=8:2"]),
        ]
        for call, args in cases:
            with self.subTest(args=" ".join(args)):
                status, _, err = cli(*args)
                self.assertEqual(status, 2)
                with self.assertRaises(roofscope.Error) as raised:
                    call()
                self.assertEqual(str(raised.exception), err.strip().removeprefix("roofscope: error: "))
        # The process goes on: the next call works.
        self.assertEqual(len(roofscope.models()), len(cli_json("models", "list", "--json")))

    def test_a_thousand_points_in_process(self):
        # 1,000 steps, one call each, as a notebook's loop would make them (the time is in docs/python.md).
        seen = set()
        for batch in range(1, 1001):
            step = roofscope.transformer("nvidia-h100-sxm", model="llama-3.1-8b",
                                         params={"batch": batch, "seq": 1024})
            seen.add(step["devices"][0]["tokens_per_s"])
        self.assertGreater(len(seen), 900)


if __name__ == "__main__":
    unittest.main()
