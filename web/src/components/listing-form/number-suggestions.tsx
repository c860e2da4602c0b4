/** Suggested values for a number box; the browser offers them as it is typed in. */
export const NumberSuggestions = ({ id, values }: { id: string; values: readonly number[] }) => (
  <datalist id={id}>
    {values.map((value) => (
      <option key={value} value={value} />
    ))}
  </datalist>
);
