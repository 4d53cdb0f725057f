export {
  SearchTable,
  searchTableQueryKey,
  columnStateStorageKey,
  VISIBLE_FILTERS,
  type SearchTableColumn,
  type SearchTableProps,
  type SearchTableSelection,
  type SearchTableView,
} from './SearchTable/SearchTable';
export { PagedTable, type PagedTableProps } from './SearchTable/PagedTable';
export type {
  CascadeOption,
  CustomFilterProps,
  FilterOption,
  InputSelectValue,
  SearchFilter,
  SearchTableParams,
} from './SearchTable/filters';
export {
  EntityForm,
  useEntityFormMode,
  type EntityFormMode,
  type EntityFormProps,
} from './EntityForm/EntityForm';
export {
  CustomField,
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  type FieldProps,
  type SelectFieldOption,
} from './EntityForm/fields';
export { formRules, useFormRules, type FormRules } from './EntityForm/form-rules';
export {
  declaredFieldNames,
  type DeclaredElement,
  type DeclaredField,
  type FieldWidth,
  type FormDeclaration,
  type FormSection,
} from './EntityForm/declaration';
export { changedFields } from './EntityForm/form-changes';
export { LeaveGuard, useConfirmDiscard } from './EntityForm/LeaveGuard';
export { FormDrawer } from './EntityForm/FormDrawer';
export { EditorModal } from './EntityForm/EditorModal';
export { useThrottledAction, type ThrottledAction } from './hooks/use-throttled-action';
export { useRootFontScale } from './hooks/use-root-font-scale';
export {
  BusinessHoursEditor,
  type BusinessHoursEditorProps,
} from './BusinessHoursEditor/BusinessHoursEditor';
export { FileUpload, type FileUploadProps } from './Upload/FileUpload';
export { ImageUpload, type ImageUploadProps } from './Upload/ImageUpload';
export { DEFAULT_UPLOAD_MAX_BYTES, formatBytes, useUploadMaxBytes } from './Upload/upload-limit';
