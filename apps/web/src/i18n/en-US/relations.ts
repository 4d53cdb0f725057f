import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/en-US'; // the domain's texts, which enumLabels reads, registered before it runs

/** Relations of app users to stations: the list, a station's Relations tab and an account's relations. */
export default {
  field: {
    relationId: 'Relation ID',
    station: 'Station',
    resourceId: 'Station ID',
    resourceOriginId: 'Origin station ID',
    account: 'User',
    accountId: 'Account ID',
    mobile: 'Mobile',
    relationType: 'Type',
    relationTypes: 'Types (any of)',
    state: 'State',
    bindReason: 'Bind reason',
    bindTime: 'Bound',
    unbindReason: 'Unbind reason',
    unbindTime: 'Unbound',
    source: 'Source',
    boundBy: 'Bound by',
    unboundBy: 'Unbound by',
  },
  list: {
    title: 'User–station relations',
    actions: 'Actions',
    empty: 'No relation matches',
    unknownAccount: '(account not received yet)',
  },
  tab: {
    empty: 'No user is tied to this station yet',
    allOfStation: 'Open in the relation list',
    bind: 'Bind a user',
  },
  account: {
    empty: 'This user is tied to no station yet',
    allOfAccount: 'Open in the relation list',
  },
  bind: {
    title: 'Bind a user to the station',
    accountHint: 'For example ACC100001',
    reasonHint: "Why: it is kept in the station's history",
    submit: 'Bind',
    cancel: 'Cancel',
    done: 'User {{accountId}} bound',
    userNotFound: 'This area has no account of that ID; check the account ID',
    alreadyBound: 'This user is already bound to the station with this type',
  },
  unbind: {
    action: 'Unbind',
    title: 'Unbind {{account}}?',
    question:
      "This ends the user's {{relationType}} relation to the station; it stays in the relation list and the station's history.",
    reasonHint: 'Why it is unbound (required)',
    submit: 'Unbind',
    cancel: 'Cancel',
    done: 'Relation {{relationId}} unbound',
  },
  relationType: enumLabels('en-US', 'relationType'),
  relationState: enumLabels('en-US', 'relationState'),
  relationSource: enumLabels('en-US', 'relationSource'),
} as const;
