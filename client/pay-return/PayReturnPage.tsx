// Placeholder until its feature lands.
export default function PayReturnPage() {
  return (
    <div className="page">
      <h1>Payment</h1>
    </div>
  );
}
