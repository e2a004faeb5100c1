import { Fragment, type ReactNode, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useConfirm } from './confirm-dialog';
import { type DataColumn, DataTable, type DataTableProps } from './data-table';
import { Modal } from './modal';
import type { ModalProps } from './modal-dialog';
import { RowActions } from './row-actions';
import { toast } from './toast';

/** Deleting a row: asked first, then run, then reported by a toast. */
export interface RowDelete<T, R> {
  /** The question for this row; null = the row has no delete button (e.g. already archived). */
  confirm: (row: T, name: string) => { title: string; description: string; confirmLabel?: string } | null;
  run: (row: T) => Promise<R>;
  /** The success toast, from what the server answered. */
  done: (result: R) => string;
  /** The toast when the server gives no reason of its own. */
  failed: string;
}

export interface AdminCollectionProps<T extends { id: string }, R> {
  headingId: string;
  title: string;
  /** The table; the edit/delete column, the row key and the "add" button are added here. */
  table: Omit<DataTableProps<T>, 'rowKey' | 'toolbar' | 'loading' | 'error' | 'onRetry'>;
  query: { isFetching: boolean; isError: boolean; refetch: () => unknown };
  /** Filters shown before the "add" button. */
  filters?: ReactNode;
  texts: { add: string; newTitle: string; editTitle: string; edit: string; delete: string; actions: string };
  /** What a row is called (screen readers hear "Edit — {name}"; the delete question names it). */
  nameOf: (row: T) => string;
  remove: RowDelete<T, R>;
  editorSize: ModalProps['size'];
  /** The editor of `item` (null = a new one); `done` closes the dialog. */
  editor: (item: T | null, done: () => void) => ReactNode;
}

/**
 * An admin list page: heading, the table (search, filters, pages as given), an "add" button, the
 * editor in a dialog, and per row the edit and delete buttons — delete confirmed in an alert dialog
 * that stays open until the server answers, then a toast.
 */
export function AdminCollectionPage<T extends { id: string }, R = unknown>({
  headingId,
  title,
  table,
  query,
  filters,
  texts,
  nameOf,
  remove,
  editorSize,
  editor,
}: AdminCollectionProps<T, R>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { ask, dialog } = useConfirm();
  const done = () => setEditing(null);

  const actions: DataColumn<T> = {
    key: 'actions',
    header: texts.actions,
    hideLabelOnPhone: true,
    cell: (row) => {
      const name = nameOf(row);
      const question = remove.confirm(row, name);
      return (
        <RowActions
          name={name}
          editLabel={texts.edit}
          deleteLabel={texts.delete}
          onEdit={() => setEditing(row)}
          onDelete={
            question
              ? () =>
                  ask({
                    ...question,
                    action: () =>
                      remove.run(row).then(
                        (result) => {
                          toast.success(remove.done(result));
                        },
                        (error: unknown) => {
                          toast.error(errorMessage(error, remove.failed));
                          // A failed delete keeps the question open.
                          throw error;
                        },
                      ),
                  })
              : undefined
          }
        />
      );
    },
  };
  const add = (
    <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
      {texts.add}
    </button>
  );

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} className="mb-6 text-4xl">
        {title}
      </h1>
      <DataTable
        {...table}
        columns={[...table.columns, actions]}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        toolbar={
          filters ? (
            <div className="flex flex-wrap items-end gap-3">
              {filters}
              {add}
            </div>
          ) : (
            add
          )
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? texts.newTitle : texts.editTitle}
        size={editorSize}
      >
        {editing !== null ? (
          <Fragment key={editing === 'new' ? 'new' : editing.id}>
            {editor(editing === 'new' ? null : editing, done)}
          </Fragment>
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
