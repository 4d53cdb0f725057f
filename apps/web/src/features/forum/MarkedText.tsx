import { Tag, Typography } from 'antd';
import { markWords } from '@cmp/domain/forum/sensitive-word-matcher';

/** Text with the sensitive words found in it highlighted (`<mark>`), as the lists and the detail show it. */
export function MarkedText({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {markWords(text, words).map((piece, at) =>
        piece.word ? (
          <Typography.Text key={at} mark data-testid="sensitive-word">
            {piece.text}
          </Typography.Text>
        ) : (
          <span key={at}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/** The words found, each a red tag; nothing when none. */
export function WordTags({ words }: { words: readonly string[] }) {
  if (words.length === 0) return <>-</>;
  return (
    <>
      {words.map((word) => (
        <Tag key={word} color="red">
          {word}
        </Tag>
      ))}
    </>
  );
}
