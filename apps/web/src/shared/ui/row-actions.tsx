interface RowActionsProps {
  /** What the row is called; screen readers hear "Edit — {name}", "Delete — {name}". */
  name: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** Omitted = no delete button (e.g. an archived product). Usually asks through `useConfirm` first. */
  onDelete?: () => void;
}

/** The edit / delete buttons of an admin table row. */
export function RowActions({ name, editLabel, deleteLabel, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
        {editLabel}
        <span className="sr-only"> — {name}</span>
      </button>
      {onDelete ? (
        <button type="button" className="btn btn-ghost btn-sm text-red-800" onClick={onDelete}>
          {deleteLabel}
          <span className="sr-only"> — {name}</span>
        </button>
      ) : null}
    </div>
  );
}
