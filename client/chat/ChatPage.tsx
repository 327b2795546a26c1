// Placeholder until its feature lands.
export default function ChatPage() {
  return (
    <div className="page">
      <h1>Chat</h1>
    </div>
  );
}
