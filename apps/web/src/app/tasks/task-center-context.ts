import { createContext, useContext } from 'react';

export interface TaskCenterControl {
  /** Opens the task center, e.g. once an export became a job. */
  open: () => void;
  /** The user's jobs still queued or running. */
  active: number;
  /** The user's jobs that ended since the user last opened the task center. */
  unseen: number;
}

export const TaskCenterContext = createContext<TaskCenterControl>({
  open: () => {},
  active: 0,
  unseen: 0,
});

export const useTaskCenter = (): TaskCenterControl => useContext(TaskCenterContext);
