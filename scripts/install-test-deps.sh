#!/usr/bin/env bash
# Installs what the test command needs from the system, when it is missing:
#   - Debian's Chromium, driven by Playwright (Playwright's own browser download cannot work here);
#   - Debian's PostgreSQL, for the server tests against a real database server.
#   - poppler-utils, whose pdffonts checks that the generated PDFs embed their fonts.
set -euo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$chromium_path" ] || packages+=(chromium fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
command -v pdffonts >/dev/null 2>&1 || packages+=(poppler-utils)
[ "${#packages[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "Missing for the tests: ${packages[*]}. Installing needs root: run 'sudo apt-get install -y ${packages[*]}'." >&2
  exit 1
fi

echo "Installing for the tests: ${packages[*]}…"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
# The package may start a default cluster; the tests start their own and need none.
"${as_root[@]}" sh -c 'command -v pg_ctlcluster >/dev/null && pg_lsclusters -h 2>/dev/null | while read -r v c _; do pg_ctlcluster "$v" "$c" stop || true; done' || true
