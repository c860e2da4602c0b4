// Container health check for the Node services, which ship without curl or wget.
//
//   node http-healthcheck.mjs <url> [port...]
//
// Exits 0 when the URL answers 2xx and its JSON report is healthy: every named port is ready
// (`ports.<name>.ready`), or, when no port is named, its `status` (if any) is "ok". Naming ports lets a
// service count as healthy while an optional port is still degraded, such as an embedder whose model
// has not loaded (search then falls back to lexical ranking).
const [url, ...requiredPorts] = process.argv.slice(2);
if (!url) {
  console.error('usage: node http-healthcheck.mjs <url> [port...]');
  process.exit(2);
}

const healthyReport = (report) =>
  requiredPorts.length > 0
    ? requiredPorts.every((port) => report.ports?.[port]?.ready === true)
    : report.status === undefined || report.status === 'ok';

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  const report = await response.json().catch(() => ({}));
  const healthy = response.ok && healthyReport(report);
  if (!healthy) console.error(`${url} answered ${response.status} ${JSON.stringify(report)}`);
  process.exit(healthy ? 0 : 1);
} catch (error) {
  console.error(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
