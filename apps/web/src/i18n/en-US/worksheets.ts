import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/en-US'; // the domain's texts, which enumLabels reads, registered before it runs

/** Worksheets (work orders on a station): list, detail, create and close. */
export default {
  field: {
    worksheetId: 'Worksheet no.',
    resourceId: 'Station ID',
    resourceName: 'Station name',
    resourceType: 'Station type',
    station: 'Station',
    title: 'Title',
    description: 'Description',
    status: 'Status',
    creatorName: 'Created by',
    createTime: 'Created',
    updateTime: 'Updated',
    closeTime: 'Closed',
    closedByName: 'Closed by',
    closeRemark: 'Closing remark',
  },
  status: enumLabels('en-US', 'worksheetStatus'),
  filter: {
    keyword: 'Keyword',
    keywordHint: 'Words of the title',
  },
  list: {
    title: 'Worksheets',
    create: 'New worksheet',
    actions: 'Actions',
    view: 'View',
    close: 'Close',
  },
  create: {
    title: 'New worksheet',
    station: 'Station',
    stationHint: 'Search by station name or ID',
    stationTypeToSearch: 'Type a station name or ID to find it',
    stationNone: 'No matching station',
    submit: 'Create',
    cancel: 'Cancel',
    created: 'Worksheet {{worksheetId}} created',
  },
  close: {
    title: 'Close worksheet {{worksheetId}}',
    question: 'A closed worksheet cannot be reopened. Close it?',
    remarkHint: 'What was done (optional)',
    confirm: 'Close worksheet',
    cancel: 'Cancel',
    closed: 'Worksheet {{worksheetId}} closed',
  },
  detail: {
    title: 'Worksheet {{worksheetId}}',
    back: 'Back to worksheets',
    missingId: 'The link does not name a worksheet',
    notFound: 'The worksheet does not exist or was removed',
    openStation: 'Open station',
  },
  tab: {
    all: 'All',
    empty: 'This station has no worksheets yet',
    allOfStation: 'Show in the worksheet list',
  },
} as const;
