"""Suite-wide settings.

Property tests explore new examples on a developer's machine, but CI (``CI=true``) runs them
derandomized, so a landing never depends on which examples Hypothesis happened to draw.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
