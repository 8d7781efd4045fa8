import { Fragment } from 'react';
import { textBlocks } from '../lib/text';

/** An answer or question as plain text: line breaks kept, "- " lines as a list. */
export function MessageText({ text }: { text: string }) {
  return (
    <div data-testid="message-content" style={{ overflowWrap: 'anywhere' }}>
      {textBlocks(text).map((block, i) =>
        block.kind === 'list' ? (
          <ul key={i} style={{ margin: '4px 0', paddingLeft: 20 }}>
            {block.items.map((item, j) => <li key={j}>{item}</li>)}
          </ul>
        ) : (
          <p key={i} style={{ margin: '4px 0' }}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
