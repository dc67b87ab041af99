// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The part of Multicall3 (github.com/mds1/multicall) that viem and Yieldgrid use, with the
/// same ABI, placed at Multicall3's canonical address on the local chain.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    function getCurrentBlockTimestamp() public view returns (uint256) {
        return block.timestamp;
    }

    function getBlockNumber() public view returns (uint256) {
        return block.number;
    }

    function getEthBalance(address account) public view returns (uint256) {
        return account.balance;
    }
}
