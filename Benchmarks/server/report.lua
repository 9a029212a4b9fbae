-- Shared by every script of run.sh: at the end of a run, one machine-readable line on stdout.
-- RESULT <requests/s> <p50 µs> <p99 µs> <requests> <non-2xx/3xx> <socket errors>
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("RESULT %.1f %.1f %.1f %d %d %d\n",
    summary.requests / seconds, latency:percentile(50), latency:percentile(99),
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
