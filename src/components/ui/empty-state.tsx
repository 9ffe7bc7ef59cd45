export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="state">
      <p className="state__title">{title}</p>
      <p className="state__hint">{hint}</p>
    </div>
  )
}
