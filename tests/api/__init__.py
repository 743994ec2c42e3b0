"""API tests (Flask app on SQLite, and PostgreSQL when TEST_DATABASE_URL is set)."""
