import { Select } from 'antd';

export interface TagsInputProps {
  value?: string[];
  onChange?: (values: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** Several free values typed one after another (Enter or a comma adds one), e.g. station or account ids. */
export function TagsInput({ value, onChange, disabled, placeholder }: TagsInputProps) {
  return (
    <Select
      mode="tags"
      open={false}
      tokenSeparators={[',', '，', ' ', '\n']}
      value={value}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      suffixIcon={null}
    />
  );
}
