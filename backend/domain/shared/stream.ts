/**
 * The streams of one aggregate type: every stream of the category is named `{category}-{id}`.
 * Stream names are stored with every event, so a category never changes once written.
 */
export interface StreamDefinition {
  category: string;
  /** `{category}-`: what every stream name of the category starts with. */
  prefix: string;
  name(id: string): string;
  /** The id in a stream name of this category; throws on a name of another category. */
  idOf(streamName: string): string;
}

export function defineStream(category: string): StreamDefinition {
  const prefix = `${category}-`;
  return {
    category,
    prefix,
    name: (id) => `${prefix}${id}`,
    idOf(streamName) {
      if (!streamName.startsWith(prefix)) throw new Error(`"${streamName}" is not a stream of the "${category}" category`);
      return streamName.slice(prefix.length);
    },
  };
}
