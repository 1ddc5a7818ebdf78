/** A page's title and meta description (React hoists both into the document head). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} | Skilly`}</title>
      <meta name="description" content={description} />
    </>
  );
}
