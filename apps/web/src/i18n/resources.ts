import componentsEn from '../components/i18n/en-US';
import componentsZh from '../components/i18n/zh-CN';
import adminEn from './en-US/admin';
import commonEn from './en-US/common';
import errorsEn from './en-US/errors';
import roadBooksEn from './en-US/roadBooks';
import shellEn from './en-US/shell';
import stationDetailEn from './en-US/stationDetail';
import stationsEn from './en-US/stations';
import worksheetsEn from './en-US/worksheets';
import adminZh from './zh-CN/admin';
import commonZh from './zh-CN/common';
import errorsZh from './zh-CN/errors';
import roadBooksZh from './zh-CN/roadBooks';
import shellZh from './zh-CN/shell';
import stationDetailZh from './zh-CN/stationDetail';
import stationsZh from './zh-CN/stations';
import worksheetsZh from './zh-CN/worksheets';

export const NAMESPACES = [
  'common',
  'shell',
  'errors',
  'admin',
  'components',
  'stations',
  'worksheets',
  'stationDetail',
  'roadBooks',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  'zh-CN': {
    common: commonZh,
    shell: shellZh,
    errors: errorsZh,
    admin: adminZh,
    components: componentsZh,
    stations: stationsZh,
    worksheets: worksheetsZh,
    stationDetail: stationDetailZh,
    roadBooks: roadBooksZh,
  },
  'en-US': {
    common: commonEn,
    shell: shellEn,
    errors: errorsEn,
    admin: adminEn,
    components: componentsEn,
    stations: stationsEn,
    worksheets: worksheetsEn,
    stationDetail: stationDetailEn,
    roadBooks: roadBooksEn,
  },
} as const;
