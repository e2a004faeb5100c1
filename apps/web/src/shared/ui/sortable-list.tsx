import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Moves the item at `from` to `to` (both indexes in the list); out of range = the same list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list as T[];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Round icon buttons: 44 px in lists, 36 px on the tiles of a grid (two tiles side by side at 360 px). */
const iconButton = (layout: 'list' | 'grid') =>
  `inline-flex ${layout === 'grid' ? 'size-9' : 'size-11'} shrink-0 items-center justify-center rounded-full border border-line bg-white text-ink-soft hover:bg-blush-100 hover:text-rose-800 disabled:cursor-not-allowed disabled:opacity-40`;

/** The controls the list gives each item, placed by `renderItem` where they fit. */
export interface SortableControls {
  /** The grip: drag it with the mouse or a finger, or focus it and use Space and the arrow keys. */
  handle: ReactNode;
  /** "Earlier" / "later" buttons: one place at a time, for keyboards and switch users. */
  moveButtons: ReactNode;
  /** true while this item is being dragged. */
  dragging: boolean;
}

interface SortableListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** How the item is called when a move is spoken ("Lesson 3. Peony"). */
  itemName: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, controls: SortableControls) => ReactNode;
  /** Labels of the earlier / later buttons (each form keeps its own words). */
  moveLabels: { earlier: (name: string) => string; later: (name: string) => string };
  /** A vertical list (↑ ↓) or a grid of tiles (← →). */
  layout?: 'list' | 'grid';
  /** Spoken after a move by the buttons; leave out when the caller speaks (e.g. once it is saved). */
  movedText?: (name: string, position: number, total: number) => string;
  disabled?: boolean;
  className?: string;
  itemClassName?: string;
  /** Extra attributes of an item's `<li>` (e.g. a `data-` id tests and scripts read). */
  itemAttributes?: (item: T) => Record<`data-${string}`, string>;
  listProps?: HTMLAttributes<HTMLElement> & { 'data-testid'?: string };
}

/**
 * The one reorder control of the admin (course lessons, the home order of reviews, the images of a
 * product or a work), built on dnd-kit: drag an item by its grip with a mouse or a finger; or
 * focus the grip and press Space, move with the arrow keys, Space to drop, Escape to cancel — each
 * step spoken in the page language; or use the earlier / later buttons.
 */
export function SortableList<T>({
  items,
  itemKey,
  itemName,
  onMove,
  renderItem,
  moveLabels,
  layout = 'list',
  movedText,
  disabled = false,
  className,
  itemClassName,
  itemAttributes,
  listProps,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const [spoken, setSpoken] = useState('');
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a button inside stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(itemKey);
  const indexOf = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const nameOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    const item = items[index];
    return item === undefined ? '' : itemName(item, index);
  };
  const total = items.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('admin.ui.reorder.pickedUp', { name: nameOf(active.id), position: indexOf(active.id) + 1, total }),
    onDragOver: ({ active, over }) =>
      over ? t('admin.ui.reorder.over', { name: nameOf(active.id), position: indexOf(over.id) + 1, total }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('admin.ui.reorder.dropped', { name: nameOf(active.id), position: indexOf(over.id) + 1, total })
        : undefined,
    onDragCancel: ({ active }) =>
      t('admin.ui.reorder.cancelled', { name: nameOf(active.id), position: indexOf(active.id) + 1 }),
  };

  const move = (from: number, to: number, speak: boolean) => {
    if (to < 0 || to >= total || from === to) return;
    onMove(from, to);
    const item = items[from];
    if (speak && movedText && item !== undefined) setSpoken(movedText(itemName(item, from), to + 1, total));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(indexOf(active.id), indexOf(over.id), false);
  };

  const List = layout === 'grid' ? 'ul' : 'ol';
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.ui.reorder.instructions') } }}
      >
        <SortableContext
          items={keys}
          strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
          disabled={disabled}
        >
          <List {...listProps} className={className}>
            {items.map((item, index) => (
              <SortableItem
                key={keys[index]}
                id={keys[index] as string}
                name={itemName(item, index)}
                className={itemClassName}
                buttonClassName={iconButton(layout)}
                attributes={itemAttributes?.(item)}
                disabled={disabled || total < 2}
                render={(handle, dragging) =>
                  renderItem(item, index, {
                    handle,
                    dragging,
                    moveButtons: (
                      <span className="flex shrink-0 gap-1">
                        <button
                          type="button"
                          className={iconButton(layout)}
                          aria-label={moveLabels.earlier(itemName(item, index))}
                          disabled={disabled || index === 0}
                          onClick={() => move(index, index - 1, true)}
                        >
                          <span aria-hidden="true">{layout === 'grid' ? '←' : '↑'}</span>
                        </button>
                        <button
                          type="button"
                          className={iconButton(layout)}
                          aria-label={moveLabels.later(itemName(item, index))}
                          disabled={disabled || index === total - 1}
                          onClick={() => move(index, index + 1, true)}
                        >
                          <span aria-hidden="true">{layout === 'grid' ? '→' : '↓'}</span>
                        </button>
                      </span>
                    ),
                  })
                }
              />
            ))}
          </List>
        </SortableContext>
      </DndContext>
      {movedText ? (
        <p role="status" aria-live="polite" className="sr-only">
          {spoken}
        </p>
      ) : null}
    </>
  );
}

function SortableItem({
  id,
  name,
  className,
  buttonClassName,
  attributes: extra,
  disabled,
  render,
}: {
  id: string;
  name: string;
  className: string | undefined;
  buttonClassName: string;
  attributes: Record<string, string> | undefined;
  disabled: boolean;
  render: (handle: ReactNode, dragging: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    attributes: { roleDescription: t('admin.ui.reorder.roleDescription') },
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('admin.ui.reorder.handle', { name })}
      disabled={disabled}
      className={`${buttonClassName} touch-none ${disabled ? '' : 'cursor-grab active:cursor-grabbing'}`}
    >
      <span aria-hidden="true" className="select-none text-xl leading-none">
        ⠿
      </span>
    </button>
  );
  return (
    <li
      {...extra}
      ref={setNodeRef}
      data-sortable-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${className ?? ''} ${isDragging ? 'relative z-10 opacity-80 shadow-lg' : ''}`}
    >
      {render(handle, isDragging)}
    </li>
  );
}
