import sys
from pathlib import Path

# Let the tests import the packages without an install step.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_report_header(config):
    """Say which database the API tests use (PostgreSQL only with TEST_DATABASE_URL)."""
    from tests.api.dbs import header

    return header()


def pytest_terminal_summary(terminalreporter):
    # Repeated at the end: the header is hidden by -q (the project default).
    from tests.api.dbs import header

    terminalreporter.write_line(header())


def pytest_configure(config):
    """The Hard bot plans a kingdom at its first decision with a small
    tournament here: tests stay quick (the server and simulations plan with
    the full tournament)."""
    from dominion.bots import planning

    planning.configure(games=24)
