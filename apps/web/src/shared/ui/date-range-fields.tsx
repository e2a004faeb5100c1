/**
 * "From" and "to" date inputs of an admin list's toolbar: each bounds the other, and a change
 * reports the field and its new value (an empty string clears it).
 */
export function DateRangeFields({
  idBase,
  from,
  to,
  labels,
  onChange,
}: {
  idBase: string;
  from: string;
  to: string;
  labels: { from: string; to: string };
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idBase}-from`} className="field-label">
          {labels.from}
        </label>
        <input
          id={`${idBase}-from`}
          type="date"
          className="input"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${idBase}-to`} className="field-label">
          {labels.to}
        </label>
        <input
          id={`${idBase}-to`}
          type="date"
          className="input"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </>
  );
}
