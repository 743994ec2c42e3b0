"""Example API clients; ``/api/docs`` shows their source verbatim."""
