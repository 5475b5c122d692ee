/**
 * A per-address limit asked through the balancer: unknown URLs, RATE_LIMIT_NOT_FOUND_PER_MINUTE
 * (120 unless set) per address. Its counter is one row for all instances (decision 013), and the
 * address is the one HAProxy wrote (TRUST_PROXY=true), whatever X-Forwarded-For the client sends:
 * exactly `limit` answers, then refusals, however the requests were spread.
 */
export async function sharedLimitNote(url: string, limit = 120): Promise<string> {
  const extra = 5;
  let missing = 0;
  let refused = 0;
  for (let i = 0; i < limit + extra; i += 1) {
    // A new forged address each time: trusted, it would open a new budget per request.
    const answer = await fetch(`${url}/api/no-such-route-${i}`, {
      headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
    });
    await answer.arrayBuffer();
    if (answer.status === 404) missing += 1;
    else if (answer.status === 429) refused += 1;
  }
  return missing === limit && refused === extra
    ? `unknown-URL limit shared: ${limit} answered, the next ${extra} refused, forged X-Forwarded-For ignored`
    : `LIMIT NOT SHARED? ${missing} answered 404 and ${refused} refused of ${limit + extra} (limit ${limit})`;
}
