import sys
from pathlib import Path

# Let the tests import the packages without an install step.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
