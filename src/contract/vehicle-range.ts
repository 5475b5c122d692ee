/**
 * A vehicle range as people write it: '2012-2015 Honda Civic', '2014 Ford F-150 3.5L V6',
 * '2012-2015 Honda Civic EX', or with vPIC's model id in place of make and model
 * ('2012-2015 vpic:1863'). Make and model are read against the names the store knows (the longest
 * that matches, so 'Land Rover Range Rover Sport' reads right); what follows is the engine (from
 * its displacement, '1.8L ...') and the trim.
 */
export interface VehicleRangeText {
  yearFrom: number;
  yearTo: number;
  /** What follows the years: make and model, or `vpic:<model id>`, then engine and trim. */
  rest: string;
}

/** The years and the rest, or why the text is not a range. */
export function readRangeYears(text: string): VehicleRangeText | { error: string } {
  const m = /^\s*(\d{4})(?:\s*(?:-|–|to)\s*(\d{4}))?\s+(\S.*?)\s*$/i.exec(text);
  if (!m) return { error: 'Write the years, then make and model: 2012-2015 Honda Civic' };
  const yearFrom = Number(m[1]);
  const yearTo = Number(m[2] ?? m[1]);
  if (yearFrom > yearTo) return { error: 'The first year must not be after the last' };
  return { yearFrom, yearTo, rest: m[3] ?? '' };
}

/** vPIC's model id when the text names it (`vpic:1863` or `vpic 1863`), and what follows. */
export function readVpicId(rest: string): { id: number; rest: string } | undefined {
  const m = /^vpic[:\s#]\s*(\d{1,7})\b\s*(.*)$/i.exec(rest);
  return m ? { id: Number(m[1]), rest: m[2] ?? '' } : undefined;
}

/** The longest of `names` that `text` starts with (whole words, any case), in its own spelling. */
export function matchName(text: string, names: Iterable<string>): { name: string; rest: string } | undefined {
  const lower = text.toLowerCase();
  let best: string | undefined;
  for (const name of names) {
    const n = name.toLowerCase();
    if (!n || !lower.startsWith(n)) continue;
    const next = lower[n.length];
    if (next !== undefined && next !== ' ' && next !== ',') continue;
    if (!best || n.length > best.length) best = name;
  }
  return best ? { name: best, rest: text.slice(best.length).replace(/^[\s,]+/, '') } : undefined;
}

/** What follows the model: an engine from its displacement on ('1.8L I4'), a trim before it. */
export function splitEngineAndTrim(rest: string): { engine?: string; submodel?: string } {
  const text = rest.trim();
  if (!text) return {};
  const m = /^(.*?)[\s,]*(\d{1,2}\.\d\s?L\b.*)$/i.exec(text);
  const trim = (m ? m[1] : text)?.replace(/[\s,]+$/, '');
  const engine = m?.[2]?.replace(/^(\d{1,2}\.\d)\s?l\b/i, '$1L').trim();
  return { ...(engine ? { engine } : {}), ...(trim ? { submodel: trim } : {}) };
}
