#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring in a private D-Bus
# session) and a throwaway HOME, so the key vault's keychain tests touch no one's real keyring.
# Usage: scripts/with-keyring.sh CMD [ARGS...]
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh CMD [ARGS...]" >&2
  exit 2
fi

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool is not installed (npm run setup installs gnome-keyring and dbus-x11); running without a keychain" >&2
    exec "$@"
  fi
done

scratch="$(mktemp -d "${TMPDIR:-/tmp}/callscope-keyring.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/config" "$scratch/data" "$scratch/cache" "$scratch/runtime"
chmod 700 "$scratch/runtime"

# The inner script starts the daemon inside the new bus and unlocks a fresh login keyring with a
# throwaway password; the daemon exits by itself when the private bus closes after CMD.
inner='
set -euo pipefail
eval "$(printf "%s" callscope-test | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
export CALLSCOPE_KEYRING=1
exec "$@"
'

HOME="$scratch/home" \
XDG_CONFIG_HOME="$scratch/config" \
XDG_DATA_HOME="$scratch/data" \
XDG_CACHE_HOME="$scratch/cache" \
XDG_RUNTIME_DIR="$scratch/runtime" \
  dbus-run-session -- bash -c "$inner" with-keyring "$@"
