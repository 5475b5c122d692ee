/** One static question-and-answer article shown on /blog. */
export interface BlogArticle {
  /** URL-safe id, used as the element id so an article can be linked as /blog#slug. */
  slug: string;
  /** The question, shown as the article heading. */
  question: string;
  /** The answer as paragraphs of plain text (no HTML, no markdown). */
  answer: string[];
}

export const blogArticles: BlogArticle[] = [
  {
    slug: 'when-does-react-re-render',
    question:
      'How does React decide when to re-render a component, and how can you avoid unnecessary renders?',
    answer: [
      'A component re-renders for three main reasons: its own state changes, its parent re-renders, or a context value it reads changes. When you call a state setter, React compares the new value with the old one using Object.is, and if they are the same it can skip the update. Notice that changing props is not a trigger on its own; a child only receives new props because its parent rendered again.',
      'It helps to remember that a render is just React calling your component function to find out what the UI should look like. React then compares the result with the previous output and touches the real DOM only where something actually changed. So a re-render is usually cheap, and most of them are not a problem at all.',
      'When renders do become expensive, the first fix is structural. Move state down into the smallest component that needs it, or pass slow subtrees in as children so they are created by a parent that does not re-render. Avoid putting new objects or arrays into state when nothing really changed, because a fresh reference always counts as a change.',
      'After that come the memoization tools. Wrapping a component in memo lets React skip it when its props are shallowly equal, and useMemo and useCallback keep object and function props stable between renders so memo can do its job. React Compiler can now add this memoization automatically at build time, which removes most of the manual bookkeeping.',
      'Whatever you try, measure first. The Profiler in React DevTools shows which components rendered, why they rendered and how long they took, so you can spend your effort where it really pays off.',
    ],
  },
  {
    slug: 'react-state-management-options',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Start with local state. useState covers most needs, and useReducer is handy when several values change together or the update logic grows complicated. Keeping state as close as possible to where it is used makes components easier to read and limits how much of the tree re-renders.',
      'When two sibling components need the same data, lift the state up to their closest common parent and pass it down as props, along with functions to change it. If passing props through many layers gets tedious, context lets any component below a provider read a value directly. Context works best for things that change rarely, such as the theme, the signed-in user or the language, because every component that reads it re-renders when the value changes.',
      'Data that lives on a server is a different kind of state, since your copy can go stale at any moment. Libraries such as TanStack Query handle caching, deduplicating requests, background refetching, retries and invalidation after a mutation, which saves you from hand-writing that plumbing with useEffect. For shared client-side state that changes often, a small external store like Zustand or Redux Toolkit is another good option.',
      'Finally, do not forget the URL. Search filters, sort order, the current page and the selected tab often belong in the query string, so users can bookmark, share and reload the exact view, and the back button just works. A good rule of thumb is to ask where each piece of state truly belongs, and to compute derived values during render instead of storing extra copies of them.',
    ],
  },
  {
    slug: 'javascript-prototypal-inheritance-and-classes',
    question: "How does JavaScript's prototypal inheritance work, and how do classes relate to it?",
    answer: [
      "Every JavaScript object has a hidden link to another object, called its prototype, or to null. When you read a property the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype's prototype, and so on until it finds the property or reaches the end of the chain. This chain of links is how objects share behaviour without copying it.",
      "You can see it directly with Object.create, which makes a new object whose prototype is the object you pass in, and with Object.getPrototypeOf, which reads the link. Functions add one more piece: when you call a function with new, the fresh object gets the function's prototype property as its prototype. That is why methods defined on Array.prototype are available on every array.",
      "Classes are built on exactly the same mechanism. Methods you write in a class body end up on the class's prototype object, and extends links the child's prototype to the parent's prototype, so lookups fall through to inherited methods. It also links the child constructor to the parent constructor, which is how static methods are inherited.",
      'Classes do add some real features on top of the old constructor-function pattern. Class bodies always run in strict mode, calling a class without new throws an error, and private fields such as #count are truly inaccessible from outside the class. Public fields are created on each instance rather than on the prototype, so an arrow function stored in a field is created anew for every object, while a method is shared by all of them.',
      "In everyday code, use classes when that style of modelling fits and reach for plain objects and functions otherwise. Avoid changing an object's prototype after it is created with Object.setPrototypeOf or __proto__, since it is slow and makes code harder to follow.",
    ],
  },
  {
    slug: 'let-const-var-differences',
    question: 'What is the difference between let, const and var in JavaScript?',
    answer: [
      'All three declare variables, but they differ in scope, hoisting and whether you can reassign them. var is scoped to the whole enclosing function, while let and const are scoped to the nearest block, such as the body of an if statement or a loop. That means a var declared inside a block is still visible after the block ends, which is a common source of surprises.',
      'All three are hoisted, but in different ways. A var is set to undefined at the start of its function, so reading it before the declaration quietly gives you undefined. A let or const sits in the temporal dead zone until its declaration runs, and touching it earlier throws a ReferenceError, which catches mistakes much sooner.',
      'const means the binding cannot be reassigned, not that the value is frozen. You can still push to a const array or change a property of a const object; if you need real immutability, Object.freeze helps, though it only works one level deep. Neither let nor const can be declared twice in the same scope, while var silently allows it.',
      'Loops show the difference nicely. With for (let i = 0; i < 3; i++), each iteration gets its own binding of i, so callbacks created inside the loop remember the right value, whereas with var they all share one variable and see its final value. In classic scripts, a top-level var also becomes a property of the global object, something let and const never do.',
      'The modern habit is simple: use const by default, switch to let when you genuinely need to reassign, and leave var to old code you are maintaining. Linters such as ESLint can enforce this with the no-var and prefer-const rules.',
    ],
  },
  {
    slug: 'promises-async-await-event-loop',
    question: 'How do promises and async/await work, and what is the event loop?',
    answer: [
      'A promise is an object that stands for a value you will get later. It starts out pending and then settles exactly once, either fulfilled with a value or rejected with an error. You react to the outcome with then, catch and finally, each of which returns a new promise, so steps can be chained.',
      'async and await are a friendlier syntax for the same thing. An async function always returns a promise, and inside it await pauses that function until the awaited promise settles, then resumes with the result or throws the error. That lets you use ordinary try and catch blocks and loops instead of long chains of callbacks.',
      'All of this runs on a single thread coordinated by the event loop. Your synchronous code runs to completion on the call stack first. When the stack is empty, the engine drains the microtask queue, which holds promise callbacks and the code that continues after an await, and only then picks the next task, such as a timer, a network response or a click handler. That is why a promise callback runs before a setTimeout with zero delay, even if the timer was scheduled first.',
      'A couple of practical tips follow from this. Awaiting inside a loop runs requests one after another, so when they are independent, start them together and use Promise.all, or Promise.allSettled if you want every result even when some fail. Always handle rejections with catch or try and catch, because an unhandled rejection can hide bugs in the browser and crashes the process by default in Node.js.',
      'Finally, remember that await does not move heavy work into the background. A long synchronous loop still blocks the thread, so the page cannot repaint or respond to clicks until it finishes; truly heavy computation belongs in a Web Worker.',
    ],
  },
  {
    slug: 'unit-integration-end-to-end-tests',
    question:
      'What are unit tests, integration tests and end-to-end tests, and how would you test a React app?',
    answer: [
      'The three kinds of tests differ mainly in how much of the system they exercise at once. A unit test checks one small piece, like a price-formatting function or a custom hook, in isolation. An integration test checks that several pieces work together, and an end-to-end test drives the complete app in a real browser, the way a customer would.',
      'Each level trades speed for confidence. Unit tests run in milliseconds and pinpoint failures precisely, but they can all pass while the app as a whole is broken. End-to-end tests catch those real-world problems, but they are slower and more fragile, so most teams keep a broad base of fast tests and a smaller set of end-to-end tests for the most important journeys.',
      'For a React app, a common setup is Vitest or Jest with React Testing Library. Render a component, find elements the way a user would, by role, label or visible text, interact with them using user-event, and then assert on what appears on screen. Avoid testing implementation details such as internal state or which hooks were called, so you can refactor freely without rewriting your tests.',
      'Many of your most valuable tests will be integration tests: render a whole feature, such as a product page with its add-to-cart button, and mock only the network. Mock Service Worker is handy here because it intercepts requests at the network level, so your components and data-fetching code run unchanged. Keep pure logic like tax or discount calculations in plain functions with their own unit tests.',
      'On top of that, use Playwright or Cypress for a handful of critical flows, such as searching for a part, adding it to the cart and checking out. Run everything in continuous integration on every pull request, and let TypeScript and a linter catch a whole class of mistakes before a single test runs.',
    ],
  },
];
