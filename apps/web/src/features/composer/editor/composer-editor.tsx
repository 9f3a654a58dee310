import { AutoFocusPlugin } from '@lexical/react/LexicalAutoFocusPlugin';
import { type InitialConfigType, LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { PlainTextPlugin } from '@lexical/react/LexicalPlainTextPlugin';
import { useEffect, useRef } from 'react';
import styles from './composer-editor.module.css';
import { $getBlocks, registerTextLimit } from './text-limit.ts';

export interface ComposerEditorProps {
  /** A serialized editor state to start from (a draft coming back), or null for empty. */
  initialState: unknown;
  placeholder: string;
  /** Accessible name of the text box. */
  label: string;
  /** Id of the element that describes the box (the counter). */
  describedBy?: string;
  /** Every change of the text: its blocks (paragraphs) and the serialized state. */
  onChange: (blocks: string[], editorState: unknown) => void;
  /** An edit was refused because it went past 500 characters. */
  onBlocked: () => void;
}

function ChangePlugin({ onChange, onBlocked }: Pick<ComposerEditorProps, 'onChange' | 'onBlocked'>) {
  const [editor] = useLexicalComposerContext();
  // The latest callbacks without re-registering the listeners on every render.
  const callbacks = useRef({ onChange, onBlocked });
  callbacks.current = { onChange, onBlocked };

  useEffect(() => {
    const stopLimit = registerTextLimit(editor, () => callbacks.current.onBlocked());
    const stopListening = editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      // Selection-only updates change nothing worth keeping.
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      callbacks.current.onChange(editorState.read($getBlocks), editorState.toJSON());
    });
    return () => {
      stopLimit();
      stopListening();
    };
  }, [editor]);
  return null;
}

function handleError(error: Error) {
  // Surfaces in the console (and fails the e2e run) instead of vanishing.
  console.error(error);
}

/**
 * The post and comment text box: a Lexical plain-text editor (paragraph text with line
 * breaks, undo/redo, no formatting). Loaded on demand — Lexical is not part of the first
 * page load — and default-exported for React.lazy.
 */
export default function ComposerEditor({
  initialState,
  placeholder,
  label,
  describedBy,
  onChange,
  onBlocked,
}: ComposerEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'campus-composer',
    onError: handleError,
    theme: { paragraph: styles.paragraph },
    editorState: initialState ? JSON.stringify(initialState) : undefined,
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className={styles.editor}>
        <PlainTextPlugin
          contentEditable={
            <ContentEditable
              className={styles.input}
              aria-label={label}
              aria-describedby={describedBy}
              aria-multiline="true"
              aria-placeholder={placeholder}
              placeholder={<div className={styles.placeholder}>{placeholder}</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <AutoFocusPlugin defaultSelection="rootEnd" />
      <ChangePlugin onChange={onChange} onBlocked={onBlocked} />
    </LexicalComposer>
  );
}
