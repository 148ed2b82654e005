#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL cluster (Debian's
# postgresql package), started on a free port and removed afterwards:
#   bash scripts/with-postgres.sh npx vitest run --project server
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "PostgreSQL is not installed: run 'npm run test:deps' (apt-get install postgresql)." >&2
  exit 1
fi

dir=$(mktemp -d /tmp/kreo-pg.XXXXXX)
# process.stdout.write, not console.log: console.log colours the number when FORCE_COLOR is set (npm test sets it).
port=${PGTEST_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')}

# initdb refuses to run as root: use the postgres system user then.
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
else
  as_pg=()
fi

stop() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Durability is pointless for a test cluster: fsync off makes it several times faster.
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for: $*"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
