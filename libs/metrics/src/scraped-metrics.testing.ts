import parsePrometheusTextFormat, { type PrometheusSample } from 'parse-prometheus-text-format';

const TYPE_LINE = /^# TYPE (\S+) (\w+)$/gm;
const HISTOGRAM_TYPE_LINE = /^# TYPE (\S+) histogram$/gm;

/** A scrape parsed by a Prometheus text parser, with the look-ups the tests make. */
export class ScrapedMetrics {
  /** Samples by series name; a histogram's under its `_bucket`, `_count` and `_sum` names. */
  private readonly samples = new Map<string, PrometheusSample[]>();
  /** Every metric the scrape declares, by its type, samples or not (a labelled one has none until used). */
  private readonly types: ReadonlyMap<string, string>;
  private readonly histograms: ReadonlySet<string>;

  constructor(text: string) {
    this.types = new Map([...text.matchAll(TYPE_LINE)].map(([, name, type]) => [name, type]));
    this.histograms = new Set(
      [...this.types].filter(([, type]) => type === 'histogram').map(([name]) => name),
    );
    // The parser folds a histogram's labelled series into one sample: read as untyped, each of its
    // `_bucket`, `_count` and `_sum` lines keeps its labels.
    const families = parsePrometheusTextFormat(text.replace(HISTOGRAM_TYPE_LINE, '# TYPE $1 untyped'));
    for (const { name, metrics } of families)
      this.samples.set(name, [...(this.samples.get(name) ?? []), ...metrics]);
  }

  /** Every metric declared, histograms by their own name. */
  names(): string[] {
    return [...this.types.keys()];
  }

  /** The type a metric is declared with: `counter`, `gauge`, `histogram`, … */
  type(name: string): string | undefined {
    return this.types.get(name);
  }

  /** Labels of the first sample of a metric. */
  labels(name: string): Record<string, string> | undefined {
    return this.series(name)[0]?.labels;
  }

  /**
   * The value of a counter or gauge, or the count of a histogram, summed over the series whose labels
   * include `labels`; 0 when none does.
   */
  total(name: string, labels: Record<string, string> = {}): number {
    return this.series(name)
      .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
      .reduce((sum, sample) => sum + Number(sample.value), 0);
  }

  private series(name: string): PrometheusSample[] {
    if (!this.types.has(name)) throw new Error(`no metric ${name} in the scrape`);
    return this.samples.get(this.histograms.has(name) ? `${name}_count` : name) ?? [];
  }
}

/** Scrapes `GET /metrics` of a service at `baseUrl`, with the admin token when one is given. */
export const scrapeMetrics = async (baseUrl: string, token?: string): Promise<ScrapedMetrics> => {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return new ScrapedMetrics(await response.text());
};
