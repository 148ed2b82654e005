#!/usr/bin/env bash
# Installs what the test command needs from the system: Debian's Chromium for Playwright.
# (Playwright's own browser download cannot work here; we drive the distribution's build.)
set -euo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "Chromium is missing at $chromium_path and installing it needs root: run 'sudo apt-get install -y chromium'," >&2
  echo "or set CHROMIUM_PATH to an existing Chromium binary." >&2
  exit 1
fi

echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
"$chromium_path" --version
