/** The parser ships no types: the shape it returns for the text exposition format. */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** Counters, gauges and untyped series; histograms and summaries carry `count`, `sum` and `buckets`. */
    value: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  const parsePrometheusTextFormat: (text: string) => PrometheusFamily[];
  export default parsePrometheusTextFormat;
}
