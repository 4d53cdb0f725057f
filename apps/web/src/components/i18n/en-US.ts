/** English texts of the shared UI kit, namespace `components`; the keys mirror zh-CN.ts. */
export default {
  searchTable: {
    all: 'All',
    inputPlaceholder: 'Enter a value',
    startTime: 'Start time',
    endTime: 'End time',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    last90Days: 'Last 90 days',
    empty: 'No data',
    loadFailed: 'Failed to load data',
    retry: 'Retry',
    total: '{{total}} in all',
  },
  entityForm: {
    create: 'Create',
    edit: 'Edit',
    editSection: 'Edit {{section}}',
    save: 'Save',
    cancel: 'Cancel',
  },
  unsaved: {
    title: 'Discard unsaved changes?',
    content: 'Your changes have not been saved and will be lost.',
    discard: 'Discard changes',
    keepEditing: 'Keep editing',
  },
  businessHours: {
    timezone: 'Time zone',
    addRange: 'Add range',
    removeRange: 'Remove range',
    start: 'Start time',
    end: 'End time',
    rangeProblem: 'Range {{range}}: {{message}}',
  },
  upload: {
    chooseFile: 'Choose file',
    uploadImage: 'Upload image',
    uploading: 'Uploading',
    uploadFailed: 'Upload failed',
    noImage: 'No image',
    tooLarge: '{{name}} is {{size}}, over the upload limit of {{max}}; it was not sent',
  },
  switch: {
    yes: 'Yes',
    no: 'No',
  },
} as const;
