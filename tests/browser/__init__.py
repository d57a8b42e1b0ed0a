"""Browser tests: the built site in Debian's headless Chromium (Playwright)."""
