// A local stand-in for EventStoreDB's gRPC Streams API (Append, Read, subscriptions to
// $all), built from the message definitions that @eventstore/db-client ships
// (generated/streams_pb.js, from EventStoreDB's public protos). It lets the EventStoreDB
// adapter run the event-store contract suite where no EventStoreDB server can run. It keeps
// events in memory and follows the documented semantics the adapter relies on: expected
// revisions (revision, no_stream, any, stream_exists) with WrongExpectedVersion answers,
// stream revisions from 0, $all positions that grow with each write and include the event at
// the position a read starts from, StreamNotFound, and live subscriptions. It is not the
// server: it has no system events, no links, no deletes and no persistence.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import * as grpc from '@grpc/grpc-js';

type StoredEvent = {
  streamName: string;
  revision: bigint;
  position: bigint;
  id: string;
  metadata: Map<string, string>;
  customMetadata: Uint8Array;
  data: Uint8Array;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- google-protobuf's generated classes are untyped here */
const { AppendResp, ReadResp } = streamsPb as any;
const { Empty, StreamIdentifier, UUID } = sharedPb as any;

const TICKS_PER_MS = 10_000n;
const EPOCH_TICKS = 621_355_968_000_000_000n; // .NET ticks at 1970-01-01, as EventStoreDB's "created"

export type EventStoreDbStandIn = { readonly connectionString: string; close(): Promise<void> };

export async function startEventStoreDbStandIn(): Promise<EventStoreDbStandIn> {
  const all: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const appended = new EventEmitter().setMaxListeners(0);
  let nextPosition = 1_000n;

  const recorded = (event: StoredEvent) => {
    const message = new ReadResp.ReadEvent.RecordedEvent();
    const id = new UUID();
    id.setString(event.id);
    message.setId(id);
    const identifier = new StreamIdentifier();
    identifier.setStreamName(Buffer.from(event.streamName, 'utf8'));
    message.setStreamIdentifier(identifier);
    message.setStreamRevision(event.revision.toString());
    message.setPreparePosition(event.position.toString());
    message.setCommitPosition(event.position.toString());
    for (const [key, value] of event.metadata) message.getMetadataMap().set(key, value);
    message.setCustomMetadata(event.customMetadata);
    message.setData(event.data);
    const read = new ReadResp.ReadEvent();
    read.setEvent(message);
    read.setCommitPosition(event.position.toString());
    const response = new ReadResp();
    response.setEvent(read);
    return response;
  };

  const append = (call: grpc.ServerReadableStream<any, any>, callback: grpc.sendUnaryData<any>) => {
    let options: any = null;
    const proposed: any[] = [];
    call.on('data', (request: any) => {
      if (request.hasOptions()) options = request.getOptions();
      else proposed.push(request.getProposedMessage());
    });
    call.on('error', () => {});
    call.on('end', () => {
      const streamName = Buffer.from(options.getStreamIdentifier().getStreamName()).toString('utf8');
      const stream = streams.get(streamName) ?? [];
      const current = stream.length === 0 ? null : BigInt(stream.length - 1);
      const wrong = (set: (wrongVersion: any) => void) => {
        const error = new AppendResp.WrongExpectedVersion();
        if (current === null) error.setCurrentNoStream(new Empty());
        else error.setCurrentRevision(current.toString());
        set(error);
        const response = new AppendResp();
        response.setWrongExpectedVersion(error);
        callback(null, response);
      };
      if (options.hasRevision() && (current === null || BigInt(options.getRevision()) !== current)) {
        return wrong((e) => e.setExpectedRevision(options.getRevision()));
      }
      if (options.hasNoStream() && current !== null) return wrong((e) => e.setExpectedNoStream(new Empty()));
      if (options.hasStreamExists() && current === null) return wrong((e) => e.setExpectedStreamExists(new Empty()));
      const created = (BigInt(Date.now()) * TICKS_PER_MS + EPOCH_TICKS).toString();
      for (const message of proposed) {
        const metadata = new Map<string, string>(message.getMetadataMap().toArray() as [string, string][]);
        metadata.set('created', created);
        const event: StoredEvent = {
          streamName,
          revision: BigInt(stream.length),
          position: nextPosition,
          id: message.getId().getString(),
          metadata,
          customMetadata: message.getCustomMetadata_asU8(),
          data: message.getData_asU8(),
        };
        nextPosition += 100n;
        stream.push(event);
        all.push(event);
      }
      streams.set(streamName, stream);
      const last = stream[stream.length - 1]!;
      const success = new AppendResp.Success();
      success.setCurrentRevision(last.revision.toString());
      const position = new AppendResp.Position();
      position.setCommitPosition(last.position.toString());
      position.setPreparePosition(last.position.toString());
      success.setPosition(position);
      const response = new AppendResp();
      response.setSuccess(success);
      callback(null, response);
      appended.emit('appended', proposed.length);
    });
  };

  const read = (call: grpc.ServerWritableStream<any, any>) => {
    const options = call.request.getOptions();
    const forwards = options.getReadDirection() === 0;
    const count = options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
    const write = (events: StoredEvent[]) => {
      for (const event of events) call.write(recorded(event));
    };

    if (options.hasSubscription()) {
      const confirmation = new ReadResp.SubscriptionConfirmation();
      confirmation.setSubscriptionId(randomUUID());
      const response = new ReadResp();
      response.setConfirmation(confirmation);
      call.write(response);
      let sent = options.getAll()?.hasStart() ? 0 : all.length;
      const flush = () => {
        write(all.slice(sent));
        sent = all.length;
      };
      flush();
      appended.on('appended', flush);
      call.on('cancelled', () => appended.off('appended', flush));
      call.on('close', () => appended.off('appended', flush));
      return;
    }

    if (options.hasStream()) {
      const streamOptions = options.getStream();
      const streamName = Buffer.from(streamOptions.getStreamIdentifier().getStreamName()).toString('utf8');
      const stream = streams.get(streamName);
      if (!stream) {
        const notFound = new ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
        const response = new ReadResp();
        response.setStreamNotFound(notFound);
        call.write(response);
        call.end();
        return;
      }
      let selected: StoredEvent[];
      if (forwards) {
        const from = streamOptions.hasRevision() ? BigInt(streamOptions.getRevision()) : streamOptions.hasEnd() ? BigInt(stream.length) : 0n;
        selected = stream.filter((e) => e.revision >= from);
      } else {
        const from = streamOptions.hasRevision() ? BigInt(streamOptions.getRevision()) : streamOptions.hasStart() ? 0n : BigInt(stream.length - 1);
        selected = stream.filter((e) => e.revision <= from).reverse();
      }
      write(selected.slice(0, count));
      call.end();
      return;
    }

    const allOptions = options.getAll();
    let selected: StoredEvent[];
    if (forwards) {
      const from = allOptions.hasPosition() ? BigInt(allOptions.getPosition().getCommitPosition()) : allOptions.hasEnd() ? nextPosition : 0n;
      selected = all.filter((e) => e.position >= from);
    } else {
      const from = allOptions.hasPosition() ? BigInt(allOptions.getPosition().getCommitPosition()) : allOptions.hasStart() ? 0n : nextPosition;
      selected = all.filter((e) => e.position < from).reverse();
    }
    write(selected.slice(0, count));
    call.end();
  };

  const unimplemented = (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the stand-in' }, null);
  const server = new grpc.Server();
  server.addService((streamsGrpc as any).StreamsService, {
    read,
    append,
    delete: unimplemented,
    tombstone: unimplemented,
    batchAppend: (call: grpc.ServerDuplexStream<unknown, unknown>) =>
      call.destroy(Object.assign(new Error('not in the stand-in'), { code: grpc.status.UNIMPLEMENTED })),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 2_000).unref();
      }),
  };
}
