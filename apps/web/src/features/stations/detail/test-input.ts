import type { UserEvent } from '@testing-library/user-event';

// The detail forms are large: every keystroke re-renders them, which on a busy machine makes typing a whole
// value take seconds. Pasting enters it as one input event, as a user pasting would.

export async function typeText(user: UserEvent, element: HTMLElement, text: string): Promise<void> {
  await user.click(element);
  await user.paste(text);
}

export async function replaceText(user: UserEvent, element: HTMLElement, text: string): Promise<void> {
  await user.clear(element);
  await user.paste(text);
}
