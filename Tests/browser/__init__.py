"""Tests in headless Chromium (`bash scripts/test.sh browser`).  A package,
so that its conftest is not a second top-level "conftest" for mypy."""
