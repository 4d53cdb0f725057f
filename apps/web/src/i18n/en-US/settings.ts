/** The region tree and the dictionaries (system settings). */
export default {
  regions: {
    title: 'Regions',
    intro:
      'Provinces, cities and districts (overseas, 910000, left out) with the number of stations in each. A city’s station count opens the resource operations list filtered by that city.',
    search: 'Search by name or code',
    field: {
      name: 'Name',
      code: 'Region code',
      level: 'Level',
      stations: 'Stations',
    },
    level: {
      province: 'Province',
      city: 'City',
      district: 'District',
    },
    openStations: 'View stations',
    openStationsOf: 'View the stations of {{name}}',
    noMatch: 'No region has “{{text}}” in its name or code',
    countsFailed: 'Station counts could not be loaded: {{reason}}',
  },
  dictionaries: {
    title: 'Dictionaries',
    intro:
      'The dictionaries the selects read. Entries are not deleted: data holding a code must keep showing its name, so an entry no longer used is disabled.',
    readOnly: 'Only administrators can change dictionaries.',
    types: 'Dictionaries',
    entryCount: '{{enabled}} of {{total}} enabled',
    typeName: {
      resource_biz_scenes: 'Business scenes',
      park_fee_tag: 'Parking fee tags',
    },
    field: {
      code: 'Code',
      name: 'Chinese name',
      nameEn: 'English name',
      sort: 'Sort order',
      status: 'Status',
      description: 'Description',
      actions: 'Actions',
    },
    nameEnHint: 'Leave empty to show the portal’s default English name',
    defaultLabel: 'default',
    status: {
      enabled: 'Enabled',
      disabled: 'Disabled',
    },
    create: 'New entry',
    createTitle: 'New entry of “{{type}}”',
    edit: 'Edit',
    editTitle: 'Edit entry {{code}}',
    saved: 'Entry “{{name}}” saved',
    disable: 'Disable',
    disableTitle: 'Disable “{{name}}”?',
    disableEffect:
      'New data can no longer choose it; stations that hold it keep showing its name. It can be enabled again at any time.',
    disabled: '“{{name}}” disabled',
    enable: 'Enable',
    enabled: '“{{name}}” enabled',
    changeFailed: 'The change failed: {{reason}}',
    cancel: 'Cancel',
    empty: 'This dictionary has no entries yet',
    noTypes: 'No dictionaries yet',
  },
};
