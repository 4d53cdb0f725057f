/**
 * English texts of rule messages and labels. This catalog defines the message keys: the Chinese one must
 * cover exactly the same keys. Where the specification quotes an English text it is used verbatim.
 */
export const enUS = {
  'form.required': 'input cannot be empty',
  'form.number': 'input must be a number',
  'form.maxLength': 'input length cannot exceed {max} characters',
  'form.maxNumber': 'input number cannot exceed {max}',
  'form.minNumber': 'input number cannot be less than {min}',
  'form.integer': 'input must be a whole number',

  'time.invalidFormat': 'time must use the HH:mm format',
  'time.endNotAfterStart': 'end must be greater than start',
  'time.overlap': 'overlap not allowed',
  'time.invalidTimezone': 'time zone must look like UTC+08:00',

  'weekday.monday': 'Monday',
  'weekday.tuesday': 'Tuesday',
  'weekday.wednesday': 'Wednesday',
  'weekday.thursday': 'Thursday',
  'weekday.friday': 'Friday',
  'weekday.saturday': 'Saturday',
  'weekday.sunday': 'Sunday',

  'businessHours.tooManyRanges': 'at most {max} time ranges per day',
  'businessHours.everyDay': 'Monday to Sunday',
  'businessHours.open': 'open',
  'businessHours.closed': 'closed',
  'businessHours.duplicateDay': 'each day of the week may appear only once',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof enUS;
