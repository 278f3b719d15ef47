/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for tests: every
 * line is a HELP, a TYPE, or a sample of a metric whose TYPE came before; anything
 * else throws. prom-client writes this format but has no parser.
 */
export type Samples = Map<string, number>;

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
// Prometheus reads values with Go's ParseFloat: Inf and NaN in any case (prom-client writes `Nan`).
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[Ii][Nn][Ff]|[Nn][Aa][Nn])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (${VALUE})(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** Key of one series: `name{a="1",b="2"}` with labels sorted. */
export function seriesKey(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${name}{${parts.join(',')}}`;
}

export function parsePrometheusText(text: string): Samples {
  const types = new Map<string, string>();
  const samples: Samples = new Map();
  if (!text.endsWith('\n')) throw new Error('the text must end with a line feed');
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const fail = (why: string) => new Error(`line ${i + 1}: ${why}: ${line}`);
    // The format ignores empty lines (prom-client separates families with them).
    if (line === '') continue;
    if (HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      const [, family = '', kind = ''] = type;
      if (types.has(family)) throw fail('second TYPE');
      types.set(family, kind);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw fail('not a sample');
    const [, name = '', labelText = '', value = ''] = sample;
    const family = [...types].find(([base, kind]) =>
      (SUFFIXES[kind] ?? ['']).some((suffix) => name === base + suffix),
    );
    if (!family) throw fail('sample before its TYPE');
    const labels: Record<string, string> = {};
    for (const [, label = '', text = ''] of labelText.matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[label] = text.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    const key = seriesKey(name, labels);
    if (samples.has(key)) throw fail('duplicate series');
    samples.set(key, /inf/i.test(value) ? Number(value.replace(/inf/i, 'Infinity')) : Number(value));
  }
  return samples;
}
