/** A server-sent event as a test reads it: its id, its event name and its data parsed as JSON. */
export interface StreamFrame<D = unknown> {
  id?: string;
  event?: string;
  data?: D;
}

/**
 * Reads the frames a stream's text holds so far: every whole frame (ended by an empty line) is pushed onto `frames`
 * (comments, such as heartbeats, are left out); the text of a frame not yet whole is returned, to be read again
 * with what comes next.
 */
export function readFrames<D>(text: string, frames: StreamFrame<D>[]): string {
  const blocks = text.split('\n\n');
  const rest = blocks.pop()!;
  for (const block of blocks) {
    const f: StreamFrame<D> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) f.id = line.slice(4);
      else if (line.startsWith('event: ')) f.event = line.slice(7);
      else if (line.startsWith('data: ')) f.data = JSON.parse(line.slice(6)) as D;
    }
    if (f.id || f.data) frames.push(f);
  }
  return rest;
}
