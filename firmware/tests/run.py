"""Runs the firmware's tests under MicroPython: micropython firmware/tests/run.py

Every test_* function of every check_*.py module beside this file; prints a PASS or FAIL
line for each and a count at the end, and exits non-zero if any failed.
"""

import os
import sys

HERE = sys.path[0]
sys.path.append(HERE.rsplit("/", 1)[0])


def main():
    passed = 0
    failed = 0
    for filename in sorted(os.listdir(HERE)):
        if not (filename.startswith("check_") and filename.endswith(".py")):
            continue
        module_name = filename[:-3]
        module = __import__(module_name)
        for name in sorted(dir(module)):
            if not name.startswith("test_"):
                continue
            try:
                getattr(module, name)()
            except Exception as e:
                failed += 1
                print(f"FAIL {module_name}.{name}")
                sys.print_exception(e)
            else:
                passed += 1
                print(f"PASS {module_name}.{name}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


main()
